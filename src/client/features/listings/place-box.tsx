import { Button, Group, Text } from "@mantine/core";
import { type ComponentType, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import type { PlaceSuggestion, SearchPlace } from "../../../shared/contracts/listings";
import { type PlaceInputProps, placeLabel } from "./place-label";

/** The place the URL searches, as the box shows it. */
function urlPlace(url: URLSearchParams): string {
  const cidade = url.get("cidade") ?? "";
  const uf = url.get("uf");
  if (!cidade || !uf) return cidade;
  return placeLabel({ cidade, uf: uf as SearchPlace["uf"], bairro: url.get("bairro") || null });
}

/**
 * The URL with a place: a suggestion picked sets its city, UF and bairro; words typed are the city
 * as typed (the search reads a slip as the closest place, decision 042). The rest stays.
 */
function withPlace(url: URLSearchParams, place: SearchPlace | string): URLSearchParams {
  const next = new URLSearchParams(url);
  for (const key of ["cidade", "uf", "bairro", "exato"]) next.delete(key);
  if (typeof place === "string") {
    if (place.trim()) next.set("cidade", place.trim());
  } else {
    next.set("cidade", place.cidade);
    next.set("uf", place.uf);
    if (place.bairro) next.set("bairro", place.bairro);
  }
  return next;
}

/**
 * "Onde você quer morar?": the search's one box, first on the screen. A plain input at once; the
 * suggestions (Mantine's Autocomplete and its popover, too heavy for the home's first download)
 * take its place as soon as their chunk arrives, keeping what was typed and the focus. Picking a
 * suggestion searches it; Buscar searches what was typed.
 */
export function PlaceBox() {
  const { t } = useTranslation();
  const id = useId();
  const [url, setUrl] = useSearchParams();
  const shown = urlPlace(url);
  const [value, setValue] = useState(shown);
  const [from, setFrom] = useState(shown);
  // A new search from elsewhere (a link, the filters, back): the box shows its place.
  if (from !== shown) {
    setFrom(shown);
    setValue(shown);
  }
  const [Rich, setRich] = useState<ComponentType<PlaceInputProps> | null>(null);
  const plain = useRef<HTMLInputElement>(null);
  const refocus = useRef(false);
  useEffect(() => {
    let live = true;
    void import("./place-input").then(
      (m) => {
        if (!live) return;
        refocus.current = document.activeElement === plain.current;
        setRich(() => m.PlaceInput);
      },
      () => undefined, // Without suggestions, the plain box still searches.
    );
    return () => {
      live = false;
    };
  }, []);
  const search = (place: SearchPlace | string) => setUrl(withPlace(url, place));
  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is too new for some screen readers; role=search on the form is understood
    <form
      role="search"
      aria-label={t("search.where")}
      onSubmit={(e) => {
        e.preventDefault();
        if (value !== shown || url.get("exato")) search(value);
      }}
    >
      <Text component="label" htmlFor={id} fw={700} size="lg" display="block" mb={6}>
        {t("search.where")}
      </Text>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <div style={{ flex: 1, minWidth: 0 }}>
          {Rich ? (
            <Rich
              id={id}
              value={value}
              onChange={setValue}
              onPick={(p: PlaceSuggestion) => {
                setValue(placeLabel(p));
                search(p);
              }}
              placeholder={t("search.place")}
              autoFocus={refocus.current}
            />
          ) : (
            <div className="m_6c018570 mantine-Input-wrapper" data-variant="default">
              <input
                ref={plain}
                id={id}
                className="m_8fb7ebe7 mantine-Input-input"
                data-variant="default"
                value={value}
                onChange={(e) => setValue(e.currentTarget.value)}
                placeholder={t("search.place")}
                maxLength={100}
                autoComplete="off"
              />
            </div>
          )}
        </div>
        <Button type="submit" data-testid="place-search">
          {t("search.apply")}
        </Button>
      </Group>
    </form>
  );
}
