import type {
  OfferInput,
  OfferUpdate,
  OfferView,
  SearchParams,
  SearchResult,
  UnitInput,
  UnitView,
} from "../../../shared/contracts/listings";
import { api } from "../../lib/api";

export const listingsApi = {
  units: () => api<UnitView[]>("/api/units"),
  unit: (id: string) => api<UnitView>(`/api/units/${encodeURIComponent(id)}`),
  createUnit: (input: UnitInput) => api<UnitView>("/api/units", { body: input }),
  updateUnit: (id: string, input: UnitInput) =>
    api<UnitView>(`/api/units/${encodeURIComponent(id)}`, { method: "PUT", body: input }),
  deleteUnit: (id: string) => api<null>(`/api/units/${encodeURIComponent(id)}`, { method: "DELETE" }),
  offer: (id: string) => api<OfferView>(`/api/offers/${encodeURIComponent(id)}`),
  createOffer: (input: OfferInput) => api<OfferView>("/api/offers", { body: input }),
  updateOffer: (id: string, input: OfferUpdate) =>
    api<OfferView>(`/api/offers/${encodeURIComponent(id)}`, { method: "PUT", body: input }),
  publish: (id: string) =>
    api<OfferView>(`/api/offers/${encodeURIComponent(id)}/publish`, { method: "POST" }),
  close: (id: string) => api<OfferView>(`/api/offers/${encodeURIComponent(id)}/close`, { method: "POST" }),
  search: (params: SearchParams & { cursor?: string }) => {
    const qs = new URLSearchParams(
      Object.entries(params)
        .filter(([, v]) => v !== undefined && v !== "")
        .map(([k, v]) => [k, String(v)]),
    );
    return api<SearchResult>(`/api/search?${qs}`);
  },
};

export const photoUrl = (id: string) => `/api/photos/${encodeURIComponent(id)}`;
