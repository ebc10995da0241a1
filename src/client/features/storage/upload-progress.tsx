/**
 * Kept only for features/proposals/document-picker.tsx, which imports it from here: the component
 * is src/client/components/upload-progress.tsx. Delete once that file imports it from there.
 */
export { UploadProgress } from "../../components/upload-progress";
