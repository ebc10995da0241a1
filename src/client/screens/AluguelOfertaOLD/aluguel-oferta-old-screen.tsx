import { Card, Group, Image, SimpleGrid, Stack, Table, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { formatCep } from "../../../shared/contracts/listings";
import { formatBRL } from "../../../shared/money";
import { useAuth } from "../../app/auth";
import { PageHeader } from "../../components/page-header";
import { photoUrl } from "../../features/listings/api/search";
import { cardTitle, monthsText, place } from "../../features/listings/describe";
import { PacoteTable } from "../../features/listings/offer-details";
import { EditOffer, OfferPage, ProposeButton } from "../../features/listings/offer-page";
import { OwnerTools } from "../../features/listings/owner-tools";

/**
 * /AluguelOfertaOLD: the classic rendition of the offer screen: one page, a table of every field,
 * and for the owner the form right below it. Same API as /AluguelOferta, so old links keep working.
 */
export function AluguelOfertaOldScreen() {
  const { t, i18n } = useTranslation();
  const signedIn = useAuth().state.status === "signed-in";
  return (
    <OfferPage
      signedIn={signedIn}
      basePath="/AluguelOfertaOLD"
      otherPath="/AluguelOferta"
      otherLabel={t("offer.newVersion")}
      render={(offer, _editing, _setEditing, saved) => {
        const u = offer.unidade;
        const yesNo = (v: boolean) => (v ? t("common.yes") : t("common.no"));
        const rows: [string, string][] = [
          [t("units.fields.tipo"), t(`listings.types.${u.tipo}`)],
          // The street only for the owner, as on /AluguelOferta; the public sees bairro, cidade, UF.
          ...(offer.isOwner && u.numero !== null
            ? ([
                [
                  t("offer.address"),
                  `${u.logradouro}, ${u.numero}${u.complemento ? ` – ${u.complemento}` : ""}`,
                ],
              ] as [string, string][])
            : []),
          [t("search.bairro"), u.bairro],
          [t("search.cidade"), `${u.cidade} – ${u.uf}`],
          ...(u.cep ? ([[t("units.fields.cep"), formatCep(u.cep)]] as [string, string][]) : []),
          [t("search.columns.area"), t("listings.area", { area: u.areaM2.toLocaleString(i18n.language) })],
          [t("units.fields.quartos"), String(u.quartos)],
          [t("units.fields.banheiros"), String(u.banheiros)],
          [t("units.fields.vagas"), String(u.vagas)],
          [t("units.fields.mobiliado"), yesNo(u.mobiliado)],
          [t("units.fields.aceitaPets"), yesNo(u.aceitaPets)],
          [t("offer.fields.garantias"), offer.garantias.map((g) => t(`listings.guarantees.${g}`)).join(", ")],
          ...(offer.caucaoMeses
            ? ([
                [
                  t("offer.depositLabel"),
                  `${monthsText(t, offer.caucaoMeses)} (${formatBRL(offer.caucaoMeses * offer.aluguel)})`,
                ],
              ] as [string, string][])
            : []),
          [t("offer.termLabel"), monthsText(t, offer.prazoMeses)],
          [t("offer.fields.reajuste"), offer.reajuste],
          [
            t("offer.fields.disponivelEm"),
            new Date(`${offer.disponivelEm}T12:00:00`).toLocaleDateString(i18n.language),
          ],
          [t("offer.statusLabel"), t(`listings.status.${offer.status}`)],
        ];
        return (
          <Stack gap="md" data-testid="offer-old">
            <PageHeader
              title={cardTitle(t, u)}
              titleProps={{ "data-testid": "offer-title" }}
              lead={`${place(t, u)} · ${t("offer.advertiser", { name: offer.anunciante })}`}
              leadSize="md"
            />
            <SimpleGrid cols={{ base: 2, sm: 4 }}>
              {u.fotos.map((id, i) => (
                <Image
                  key={id}
                  src={photoUrl(id)}
                  alt={t("units.photoAlt", { n: i + 1 })}
                  h={110}
                  fit="cover"
                  radius="sm"
                />
              ))}
            </SimpleGrid>
            <Card withBorder padding="sm">
              <Table striped>
                <Table.Tbody>
                  {rows.map(([label, value]) => (
                    <Table.Tr key={label}>
                      <Table.Th w="40%" scope="row">
                        {label}
                      </Table.Th>
                      <Table.Td>{value}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Card>
            <Card withBorder padding="sm">
              <PacoteTable offer={offer} />
            </Card>
            {(u.descricao || offer.descricao) && (
              <Text style={{ whiteSpace: "pre-line" }}>
                {[u.descricao, offer.descricao].filter(Boolean).join("\n\n")}
              </Text>
            )}
            <Group justify="center">
              <ProposeButton offer={offer} signedIn={signedIn} />
            </Group>
            {offer.isOwner && (
              <>
                <Card withBorder padding="md">
                  <OwnerTools
                    offer={offer}
                    onEdit={() => document.getElementById("old-edit")?.scrollIntoView()}
                  />
                </Card>
                {(offer.status === "rascunho" || offer.status === "publicada") && (
                  <div id="old-edit">
                    <EditOffer offer={offer} onSaved={saved} />
                  </div>
                )}
              </>
            )}
          </Stack>
        );
      }}
    />
  );
}
