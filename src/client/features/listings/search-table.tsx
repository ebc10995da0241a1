import { Anchor, Box, Group, Table, UnstyledButton } from "@mantine/core";
import { IconArrowDown, IconArrowsSort, IconArrowUp } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import type { OfferCard, SearchSort } from "../../../shared/contracts/listings";
import { formatBRL } from "../../../shared/money";
import { place } from "./describe";
import type { CardAction } from "./search";

/* The /v4 table: its own chunk (Mantine's table scrolls in a scroll area), loaded only for it. */

/**
 * A sortable column's header: the `<th>` carries `aria-sort`, its button sorts one way and then
 * the other. A column whose other direction the search API lacks names only the one it has.
 */
function SortableTh({ label, asc, desc }: { label: string; asc?: SearchSort; desc?: SearchSort }) {
  const { t } = useTranslation();
  const [url, setUrl] = useSearchParams();
  const current = (url.get("sort") || "recentes") as SearchSort;
  const direction = current === asc ? "ascending" : current === desc ? "descending" : "none";
  // Unsorted: the column's first direction; sorted: the other one, when there is one.
  const next =
    direction === "ascending" ? (desc ?? asc) : direction === "descending" ? (asc ?? desc) : (asc ?? desc);
  const Icon =
    direction === "ascending" ? IconArrowUp : direction === "descending" ? IconArrowDown : IconArrowsSort;
  const heading = (
    <Group gap={4} wrap="nowrap">
      {label}
      <Icon size={14} aria-hidden />
    </Group>
  );
  return (
    <Table.Th aria-sort={direction}>
      {next && next !== current ? (
        <UnstyledButton
          onClick={() => {
            const p = new URLSearchParams(url);
            p.set("sort", next);
            setUrl(p);
          }}
          aria-label={t(next === asc ? "search.sortAsc" : "search.sortDesc", { column: label })}
          fw={700}
          fz="sm"
        >
          {heading}
        </UnstyledButton>
      ) : (
        <Box fw={700} fz="sm">
          {heading}
        </Box>
      )}
    </Table.Th>
  );
}

/** Amounts, areas and dates on one line each: "R$ 1.340,00" broken in two reads badly. */
const NOWRAP = { whiteSpace: "nowrap" } as const;

export function TableLayout({ items, action }: { items: OfferCard[]; action?: CardAction | undefined }) {
  const { t, i18n } = useTranslation();
  const c = (k: string) => t(`search.columns.${k}`);
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{c("imovel")}</Table.Th>
            <Table.Th>{c("local")}</Table.Th>
            <SortableTh label={c("quartos")} asc="quartos" desc="quartos_desc" />
            <SortableTh label={c("area")} asc="area" desc="area_desc" />
            <SortableTh label={c("aluguel")} asc="aluguel" desc="aluguel_desc" />
            <SortableTh label={c("total")} asc="preco" desc="preco_desc" />
            <SortableTh label={c("publicado")} asc="antigos" desc="recentes" />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((o) => (
            <Table.Tr key={o.id} data-testid="result">
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  {action?.(o.id)}
                  <Anchor component={Link} to={`/AluguelOferta?id=${o.id}`} size="sm">
                    {t(`listings.types.${o.tipo}`)}
                  </Anchor>
                </Group>
              </Table.Td>
              <Table.Td>{place(t, o)}</Table.Td>
              <Table.Td>{o.quartos}</Table.Td>
              <Table.Td style={NOWRAP}>{o.areaM2} m²</Table.Td>
              <Table.Td style={NOWRAP}>{formatBRL(o.aluguel)}</Table.Td>
              <Table.Td fw={600} style={NOWRAP}>
                {formatBRL(o.total)}
              </Table.Td>
              <Table.Td style={NOWRAP}>{new Date(o.publishedAt).toLocaleDateString(i18n.language)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
