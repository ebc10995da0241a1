import { Image, type ImageProps } from "@mantine/core";
import { useEffect, useMemo } from "react";

/** An image of a Blob still in the browser, its object URL freed when it goes. */
export function BlobImage({
  blob,
  alt,
  ...props
}: ImageProps & { blob: Blob; alt: string; style?: React.CSSProperties }) {
  const url = useMemo(() => URL.createObjectURL(blob), [blob]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  return <Image src={url} alt={alt} {...props} />;
}
