import { Autocomplete } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { placesQuery } from "./api/search";
import { type PlaceInputProps, placeLabel } from "./place-label";

/**
 * Where to look, typed as people type it ("rio"): suggests the cities and bairros that have offers
 * now, with how many, from the second letter on (by similarity when no name starts with it).
 * Choosing one is `onPick` (its city, UF and bairro); typing freely is `onChange`. A failed lookup
 * only means no suggestions. Its own chunk: the home loads it after its first screen (PlaceBox).
 */
export function PlaceInput({ value, uf, onChange, onPick, ...props }: PlaceInputProps) {
  const { t } = useTranslation();
  const [typed] = useDebouncedValue(value.trim(), 200);
  // The place a search already shows is not looked up until the person types.
  const [touched, setTouched] = useState(false);
  const asked = touched && typed.length >= 2;
  const places = useQuery({ ...placesQuery(typed, uf || undefined), enabled: asked });
  const items = asked ? (places.data?.items ?? []) : [];
  const byLabel = new Map(items.map((p) => [placeLabel(p), p]));
  return (
    <Autocomplete
      {...props}
      value={value}
      // Choosing a suggestion sets the box to its label: that is a pick (city, UF, bairro), not text.
      onChange={(typedOrLabel) => {
        setTouched(true);
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
