import { Select } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { HomeLayout } from "../../../shared/privacy-policy";
import { useErrorText } from "../../lib/error-text";
import { homeLayoutQuery, useChooseHomeLayout } from "./api/privacy";

const LAYOUT_NAMES: Record<HomeLayout, string> = {
  v1: "search.layoutList",
  v2: "search.layoutGrid",
  v3: "search.layoutCards",
  v4: "search.layoutTable",
};

/** /Config: how the home page shows its results (the server keeps the choice for every device). */
export function HomeLayoutSelect() {
  const { t } = useTranslation();
  const err = useErrorText();
  const current = useQuery(homeLayoutQuery());
  const choose = useChooseHomeLayout();
  const value = current.data?.choice ?? "default";
  return (
    <Select
      label={t("config.homeLayout")}
      description={current.data?.source === "flag" ? t("config.homeLayoutFlag") : t("config.homeLayoutHelp")}
      data={[
        { value: "default", label: t("config.homeLayoutDefault") },
        // The home's own switcher's names, in its order.
        ...(["v3", "v1", "v2", "v4"] as const).map((v) => ({ value: v, label: t(LAYOUT_NAMES[v]) })),
      ]}
      value={value}
      allowDeselect={false}
      disabled={current.isPending || choose.isPending}
      onChange={(v) => {
        if (!v) return;
        choose.mutate(v === "default" ? null : (v as HomeLayout), {
          onSuccess: () => notifications.show({ color: "teal", message: t("config.homeLayoutSaved") }),
          onError: (e) => notifications.show({ color: "red", message: err.message(e) }),
        });
      }}
      maw={320}
    />
  );
}
