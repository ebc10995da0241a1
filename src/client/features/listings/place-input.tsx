import { Autocomplete, type AutocompleteProps } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { PlaceSuggestion } from "../../../shared/contracts/listings";
import { placesQuery } from "./api/search";

/** A suggestion's text in the box: the city ("Rio de Janeiro – RJ") or the bairro ("Botafogo, Rio de Janeiro – RJ"). */
export function placeLabel(p: PlaceSuggestion): string {
  return p.bairro ? `${p.bairro}, ${p.cidade} – ${p.uf}` : `${p.cidade} – ${p.uf}`;
}

/**
 * Where to look, typed as people type it ("rio"): suggests the cities and bairros that have offers
 * now, with how many, from the second letter on. Choosing one fills the city (and the bairro, and
 * the UF); typing freely still searches by the start of the name. A failed lookup only means no
 * suggestions.
 */
export function PlaceInput({
  value,
  uf,
  onChange,
  onPick,
  ...props
}: Omit<AutocompleteProps, "value" | "onChange" | "data"> & {
  value: string;
  uf?: string;
  onChange: (typed: string) => void;
  onPick: (place: PlaceSuggestion) => void;
}) {
  const { t } = useTranslation();
  const [typed] = useDebouncedValue(value.trim(), 200);
  const places = useQuery({ ...placesQuery(typed, uf || undefined), enabled: typed.length >= 2 });
  const items = typed.length >= 2 ? (places.data?.items ?? []) : [];
  const byLabel = new Map(items.map((p) => [placeLabel(p), p]));
  return (
    <Autocomplete
      {...props}
      value={value}
      // Choosing a suggestion sets the box to its label: that is a pick (city, UF, bairro), not text.
      onChange={(typedOrLabel) => {
        const place = byLabel.get(typedOrLabel);
        if (place) onPick(place);
        else onChange(typedOrLabel);
      }}
      data={[...byLabel.keys()]}
      renderOption={({ option }) =>
        `${option.value} · ${t("search.offersCount", { count: byLabel.get(option.value)?.ofertas ?? 0 })}`
      }
      // The server already filtered by the start of each word; the box must not filter again.
      filter={({ options }) => options}
      maxLength={100}
      autoComplete="off"
    />
  );
}
