import { apiPaths } from "../../../shared/api-paths";
import type { OfferView } from "../../../shared/contracts/listings";
import { api } from "../../lib/api";

/**
 * Kept only for the AluguelProposta screen, which reads the offer through this: the listings' data
 * layer is `./api/` (`offerQuery` in `./api/offers.ts`). Delete once that screen uses it.
 */
export const listingsApi = {
  offer: (id: string) => api<OfferView>(apiPaths.offers.one(id)),
};
