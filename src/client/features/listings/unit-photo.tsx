import { Center, Image, Text } from "@mantine/core";
import { IconPhotoOff } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { photoUrl } from "./api/search";

/** A unit photo by document id, or a placeholder when there is none. */
export function UnitPhoto({
  id,
  alt,
  h,
  radius = "sm",
}: {
  id: string | null | undefined;
  alt: string;
  h: number | string;
  radius?: string;
}) {
  const { t } = useTranslation();
  if (!id)
    return (
      <Center h={h} bg="gray.1" style={{ borderRadius: 8 }} aria-label={t("listings.noPhoto")} role="img">
        <Text c="dimmed" size="sm">
          <IconPhotoOff size={28} />
        </Text>
      </Center>
    );
  return <Image src={photoUrl(id)} alt={alt} h={h} fit="cover" radius={radius} loading="lazy" />;
}
