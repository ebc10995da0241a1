import { API_PREFIX } from "../../../shared/api-paths";
import { part } from "../../part";
import { cepRoutes } from "./routes";
import { CepLookup } from "./service";

/** An address from its CEP (BrasilAPI, else ViaCEP), unless the operator turned it off. */
export const cepPart = part("cep", ["platform"], async (app, { config }) => {
  await app.register(cepRoutes, {
    prefix: API_PREFIX,
    auth: app.auth,
    lookup:
      config.CEP_LOOKUP === "on"
        ? new CepLookup({
            brasilApiUrl: config.CEP_BRASILAPI_URL,
            viaCepUrl: config.CEP_VIACEP_URL,
            timeoutMs: config.CEP_TIMEOUT_MS,
            log: app.log,
          })
        : null,
  });
});
