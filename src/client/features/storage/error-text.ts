/**
 * Kept only for features/proposals/document-picker.tsx, which imports it from here: the helper is
 * src/client/lib/storage-error-text.ts. Delete once that file imports it from there.
 */
export { storageErrorText } from "../../lib/storage-error-text";
