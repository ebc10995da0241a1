import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiPaths } from "../../../../shared/api-paths";
import type { OfferCard } from "../../../../shared/contracts/listings";
import type {
  FavoriteView,
  NoticeList,
  NotificationSettings,
  PreferenceVersion,
  SavedSearchInput,
  SavedSearchView,
} from "../../../../shared/contracts/preferences";
import { api } from "../../../lib/api";
import { refreshPaths } from "../../../lib/query";

/** One's saved searches, each with how many published offers fit it now. */
export const savedSearchesQuery = () =>
  queryOptions({
    queryKey: [apiPaths.preferences.searches],
    queryFn: () => api<SavedSearchView[]>(apiPaths.preferences.searches),
  });

export const favoritesQuery = () =>
  queryOptions({
    queryKey: [apiPaths.preferences.favorites],
    queryFn: () => api<FavoriteView[]>(apiPaths.preferences.favorites),
  });

export const historyQuery = () =>
  queryOptions({
    queryKey: [apiPaths.preferences.history],
    queryFn: () => api<PreferenceVersion[]>(apiPaths.preferences.history),
  });

export const forYouQuery = () =>
  queryOptions({
    queryKey: [apiPaths.preferences.forYou],
    queryFn: () => api<OfferCard[]>(apiPaths.preferences.forYou),
  });

/** The bell's notices and unread count (live: a new notice refreshes it on any screen). */
export const noticesQuery = () =>
  queryOptions({
    queryKey: [apiPaths.notifications.all],
    queryFn: () => api<NoticeList>(apiPaths.notifications.all),
  });

/** Whatever changes one's searches changes their list, their history and "Para você". */
const SEARCH_READS = [
  apiPaths.preferences.searches,
  apiPaths.preferences.history,
  apiPaths.preferences.forYou,
];

export function useSaveSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: SavedSearchInput }) =>
      id
        ? api<SavedSearchView>(apiPaths.preferences.search(id), { method: "PUT", body: input })
        : api<SavedSearchView>(apiPaths.preferences.searches, { body: input }),
    onSuccess: () => refreshPaths(queryClient, SEARCH_READS),
  });
}

export function useDeleteSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<null>(apiPaths.preferences.search(id), { method: "DELETE" }),
    onSuccess: () => refreshPaths(queryClient, SEARCH_READS),
  });
}

export function useRestoreVersion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<SavedSearchView[]>(apiPaths.preferences.restore(id), { method: "POST" }),
    // A version holds the searches and the notification settings: both come back.
    onSuccess: () => refreshPaths(queryClient, [...SEARCH_READS, apiPaths.preferences.notifications]),
  });
}

/** Keeps or lets go of an offer; the favourites list refreshes. */
export function useToggleFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ offerId, keep }: { offerId: string; keep: boolean }) =>
      api<null>(apiPaths.preferences.favorite(offerId), { method: keep ? "PUT" : "DELETE" }),
    onSuccess: () => refreshPaths(queryClient, [apiPaths.preferences.favorites]),
  });
}

export function useReadNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<null>(apiPaths.notifications.read(id), { method: "POST" }),
    onSuccess: () => refreshPaths(queryClient, [apiPaths.notifications.all]),
  });
}

export function useReadAllNotices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<null>(apiPaths.notifications.readAll, { method: "POST" }),
    onSuccess: () => refreshPaths(queryClient, [apiPaths.notifications.all]),
  });
}

/** How one is told each kind of notice (/preferences2). */
export const notificationSettingsQuery = () =>
  queryOptions({
    queryKey: [apiPaths.preferences.notifications],
    queryFn: () => api<NotificationSettings>(apiPaths.preferences.notifications),
  });

export function useSaveNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NotificationSettings) =>
      api<NotificationSettings>(apiPaths.preferences.notifications, { method: "PUT", body: input }),
    onSuccess: (next) => {
      queryClient.setQueryData(notificationSettingsQuery().queryKey, next);
      void refreshPaths(queryClient, [apiPaths.preferences.history]);
    },
  });
}
