import { useState } from "react";
import { isAcceptedImage, newPage, type PageImage } from "../../features/storage/image-tools";

/**
 * The document's pages in order: a capture adds one, or replaces the page being retaken; picked
 * files are added (the images among them).
 */
export function usePages() {
  const [pages, setPages] = useState<PageImage[]>([]);
  const [retaking, setRetaking] = useState<number | null>(null);

  const addCapture = (blob: Blob) => {
    setPages((current) => {
      const page = newPage(blob, `pagina-${Date.now()}.jpg`);
      if (retaking !== null && current[retaking]) return current.map((p, i) => (i === retaking ? page : p));
      return [...current, page];
    });
    setRetaking(null);
  };
  const addFiles = (files: File[]) => {
    const images = files.filter(isAcceptedImage);
    setPages((current) => [...current, ...images.map((f) => newPage(f, f.name))]);
  };
  const remove = (id: string) => {
    setPages((current) => current.filter((p) => p.id !== id));
    setRetaking(null);
  };
  /** Tapping the page being retaken again stops retaking it. */
  const toggleRetake = (index: number) => setRetaking(retaking === index ? null : index);

  return { pages, retaking, addCapture, addFiles, remove, toggleRetake };
}
