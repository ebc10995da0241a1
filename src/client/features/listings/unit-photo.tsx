import { Center, Image, Text } from "@mantine/core";
import { IconPhotoOff } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { PhotoInfo } from "../../../shared/contracts/listings";
import { photoSrc } from "./api/search";

/**
 * A unit photo by document id, or a placeholder when there is none. With `info` (decision 024)
 * the browser picks the rendition `sizes` needs from the srcset, the box has the photo's own
 * width and height, and the tiny placeholder fills it, blurred, until the photo arrives. Photos
 * load lazily; the one likely to be the largest thing on the first screen (the first card, the
 * offer's cover) is asked for at once and first, with `priority`.
 */
export function UnitPhoto({
  id,
  alt,
  h,
  w,
  radius = "sm",
  info,
  sizes = "100vw",
  priority = false,
}: {
  id: string | null | undefined;
  alt: string;
  h: number | string;
  w?: number | string;
  radius?: string;
  info?: PhotoInfo | null | undefined;
  /** How wide the photo is drawn, for the browser's choice among the renditions. */
  sizes?: string;
  priority?: boolean;
}) {
  const { t } = useTranslation();
  // Which photo has arrived: the placeholder goes then (a PNG's transparent parts must not show it).
  const [loaded, setLoaded] = useState<string | null>(null);
  if (!id)
    return (
      <Center
        h={h}
        w={w}
        bg="gray.1"
        style={{ borderRadius: 8 }}
        aria-label={t("listings.noPhoto")}
        role="img"
      >
        <Text c="dimmed" size="sm">
          <IconPhotoOff size={28} />
        </Text>
      </Center>
    );
  const { src, srcSet } = photoSrc(id, info);
  const placeholder = info && loaded !== id ? info.placeholder : null;
  return (
    <Image
      src={src}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      width={info?.width}
      height={info?.height}
      alt={alt}
      h={h}
      w={w}
      fit="cover"
      radius={radius}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      decoding="async"
      onLoad={() => setLoaded(id)}
      style={
        placeholder
          ? {
              backgroundImage: `url("${placeholder}")`,
              backgroundSize: "cover",
              backgroundPosition: "center",
            }
          : undefined
      }
    />
  );
}
