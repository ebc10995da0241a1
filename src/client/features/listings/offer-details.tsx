import {
  ActionIcon,
  Badge,
  Box,
  Card,
  Group,
  SimpleGrid,
  Stack,
  Table,
  Text,
  UnstyledButton,
} from "@mantine/core";
import { IconChevronLeft, IconChevronRight } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { OfferView } from "../../../shared/contracts/listings";
import { formatBRL } from "../../../shared/money";
import { PHOTO_SIZES } from "../../../shared/photos";
import { PageHeader } from "../../components/page-header";
import { cardTitle, features, place } from "./describe";
import { UnitPhoto } from "./unit-photo";

/**
 * The photos: one large, the others as thumbnails to pick. The cover is the page's largest
 * image on the first screen (its LCP): asked for at once and first.
 */
export function Gallery({
  fotos,
  info = {},
  alt,
}: {
  fotos: string[];
  /** By photo id, the photos made for the screen (decision 024). */
  info?: OfferView["unidade"]["fotosInfo"];
  alt: string;
}) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const current = fotos[index] ?? null;
  return (
    <Stack gap="xs" data-testid="gallery">
      <Box pos="relative">
        <UnitPhoto
          id={current}
          info={current ? info[current] : null}
          sizes={PHOTO_SIZES.cover}
          priority={index === 0}
          alt={`${t("offer.photoOf", { n: index + 1, total: fotos.length })} – ${alt}`}
          h={320}
        />
        {fotos.length > 1 && (
          <>
            <ActionIcon
              pos="absolute"
              left={8}
              top="45%"
              variant="white"
              radius="xl"
              aria-label={t("viewer.previousPage")}
              onClick={() => setIndex((i) => (i - 1 + fotos.length) % fotos.length)}
            >
              <IconChevronLeft size={18} />
            </ActionIcon>
            <ActionIcon
              pos="absolute"
              right={8}
              top="45%"
              variant="white"
              radius="xl"
              aria-label={t("viewer.nextPage")}
              onClick={() => setIndex((i) => (i + 1) % fotos.length)}
            >
              <IconChevronRight size={18} />
            </ActionIcon>
          </>
        )}
      </Box>
      {fotos.length > 1 && (
        <Group gap={6} wrap="nowrap" style={{ overflowX: "auto" }}>
          {fotos.map((id, i) => (
            <UnstyledButton
              key={id}
              onClick={() => setIndex(i)}
              aria-label={t("offer.photoOf", { n: i + 1, total: fotos.length })}
              style={{
                outline: i === index ? "2px solid var(--mantine-color-blue-filled)" : undefined,
                borderRadius: 6,
              }}
            >
              <UnitPhoto id={id} info={info[id]} sizes={PHOTO_SIZES.thumb} alt="" w={64} h={48} />
            </UnstyledButton>
          ))}
        </Group>
      )}
    </Stack>
  );
}

export function StatusBadge({ status }: { status: OfferView["status"] }) {
  const { t } = useTranslation();
  const color = {
    rascunho: "gray",
    publicada: "teal",
    reservada: "yellow",
    alugada: "blue",
    encerrada: "red",
  }[status];
  return (
    <Badge color={color} variant="light" data-testid="offer-status">
      {t(`listings.status.${status}`)}
    </Badge>
  );
}

/** Aluguel, condomínio, IPTU, seguro and the total. */
export function PacoteTable({ offer }: { offer: OfferView }) {
  const { t } = useTranslation();
  const rows = [
    [t("offer.fields.aluguel"), offer.aluguel],
    [t("offer.fields.condominio"), offer.condominio],
    [t("offer.fields.iptu"), offer.iptu],
    [t("offer.fields.seguroIncendio"), offer.seguroIncendio],
  ] as const;
  return (
    <Table data-testid="pacote-table">
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Td>{label.replace(/ \(.*\)$/, "")}</Table.Td>
            <Table.Td ta="right">{formatBRL(value)}</Table.Td>
          </Table.Tr>
        ))}
        <Table.Tr>
          <Table.Td fw={700}>{t("offer.pacote")}</Table.Td>
          <Table.Td ta="right" fw={700} data-testid="offer-total">
            {formatBRL(offer.total)}
          </Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}

/** Everything a visitor reads about an offer. */
export function OfferDetails({ offer }: { offer: OfferView }) {
  const { t, i18n } = useTranslation();
  const u = offer.unidade;
  const title = cardTitle(t, u);
  return (
    <Stack gap="md">
      <Gallery fotos={u.fotos} info={u.fotosInfo} alt={title} />
      <Group justify="space-between" align="flex-start">
        <div>
          <PageHeader
            title={title}
            titleProps={{ "data-testid": "offer-title" }}
            lead={place(t, u)}
            leadSize="md"
          />
          {offer.isOwner && u.numero !== null && (
            <Text size="sm" c="dimmed">
              {t("offer.address")}: {u.logradouro}, {u.numero}
              {u.complemento ? ` – ${u.complemento}` : ""}
            </Text>
          )}
        </div>
        <Stack gap={0} align="flex-end">
          <Text size="xl" fw={700}>
            {formatBRL(offer.total)}
            <Text span size="sm" c="dimmed" fw={400}>
              {t("listings.perMonth")}
            </Text>
          </Text>
          <Text size="sm" c="dimmed">
            {t("listings.rent")} {formatBRL(offer.aluguel)}
          </Text>
        </Stack>
      </Group>
      <Group gap="xs">
        <Badge variant="default">{features(t, u)}</Badge>
        <Badge variant="default">{t("listings.bathrooms", { count: u.banheiros })}</Badge>
        <Badge variant="default">{u.mobiliado ? t("listings.furnished") : t("listings.unfurnished")}</Badge>
        <Badge variant="default">{u.aceitaPets ? t("listings.pets") : t("listings.noPets")}</Badge>
      </Group>
      {u.descricao && <Text style={{ whiteSpace: "pre-line" }}>{u.descricao}</Text>}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Card withBorder padding="sm">
          <PacoteTable offer={offer} />
        </Card>
        <Card withBorder padding="md">
          <Stack gap={6}>
            <Text fw={600}>{t("offer.conditions")}</Text>
            <Text size="sm">
              {t("offer.available", {
                date: new Date(`${offer.disponivelEm}T12:00:00`).toLocaleDateString(i18n.language),
              })}
            </Text>
            <Text size="sm">{t("offer.term", { count: offer.prazoMeses, index: offer.reajuste })}</Text>
            <Text size="sm">
              {t("offer.fields.garantias")}:{" "}
              {offer.garantias.map((g) => t(`listings.guarantees.${g}`)).join(", ")}
            </Text>
            {offer.caucaoMeses && (
              <Text size="sm">
                {t("offer.deposit", {
                  count: offer.caucaoMeses,
                  value: formatBRL(offer.caucaoMeses * offer.aluguel),
                })}
              </Text>
            )}
            {offer.descricao && (
              <Text size="sm" style={{ whiteSpace: "pre-line" }}>
                {offer.descricao}
              </Text>
            )}
            <Text size="sm" c="dimmed" data-testid="advertiser">
              {t("offer.advertiser", { name: offer.anunciante })}
            </Text>
          </Stack>
        </Card>
      </SimpleGrid>
    </Stack>
  );
}
