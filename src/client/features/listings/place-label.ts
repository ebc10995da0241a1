import type { AutocompleteProps } from "@mantine/core";
import type { PlaceSuggestion, SearchPlace } from "../../../shared/contracts/listings";

/** A place's text in the box: the city ("Rio de Janeiro – RJ") or the bairro ("Botafogo, Rio de Janeiro – RJ"). */
export function placeLabel(p: SearchPlace): string {
  return p.bairro ? `${p.bairro}, ${p.cidade} – ${p.uf}` : `${p.cidade} – ${p.uf}`;
}

/** The suggestions box's props (place-input.tsx, its own chunk). */
export type PlaceInputProps = Omit<AutocompleteProps, "value" | "onChange" | "data"> & {
  value: string;
  uf?: string;
  onChange: (typed: string) => void;
  onPick: (place: PlaceSuggestion) => void;
};
