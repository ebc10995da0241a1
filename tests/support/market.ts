import type { FastifyInstance } from "fastify";
import { type OfferTerms, offerBodyOf, proposalBodyOf, unitBodyOf } from "./bodies";

import { makePng } from "./files";
import { addressProfileOf, personalProfileOf } from "./profiles";
import { ORIGIN, signUp } from "./test-app";
import { uploadBytes } from "./tus";

/** Helpers that set the market up through the API: people with profiles, published offers. */
export function caller(app: FastifyInstance) {
  return (
    method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
    url: string,
    cookie?: string,
    body?: unknown,
    ip?: string,
  ) =>
    app.inject({
      ...(ip ? { remoteAddress: ip } : {}),
      method,
      url,
      headers: {
        origin: ORIGIN,
        ...(cookie ? { cookie } : {}),
        ...(body !== undefined ? { "content-type": "application/json" } : {}),
      },
      ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
    });
}

/** A signed-in person whose profile is complete (may propose, sign, publish). */
export async function personWithProfile(app: FastifyInstance, name: string) {
  const call = caller(app);
  const u = await signUp(app, { name });
  const body = personalProfileOf(name);
  const personal = await call("PUT", "/api/profile/personal", u.cookie, body);
  if (personal.statusCode !== 200) throw new Error(personal.body);
  const address = await call("PUT", "/api/profile/address", u.cookie, addressProfileOf());
  if (address.statusCode !== 200) throw new Error(address.body);
  return { ...u, cpf: body.cpf, fullName: body.nomeCompleto };
}

export async function publishedOfferOf(
  app: FastifyInstance,
  baseUrl: string,
  cookie: string,
  garantias = ["fiador", "seguro_fianca"],
  terms: OfferTerms = {},
  unitOver: Record<string, unknown> = {},
) {
  const call = caller(app);
  const photo = (
    await uploadBytes({ baseUrl, cookie, origin: ORIGIN }, makePng(30, 20, [10, 120, 200]), {
      filename: "f.png",
      kind: "foto_unidade",
      folder: "unidades",
    })
  ).json<{ id: string }>().id;
  const unit = (await call("POST", "/api/units", cookie, unitBodyOf([photo], unitOver))).json<{
    id: string;
  }>();
  if (!unit.id) throw new Error(`unit: ${JSON.stringify(unit)}`);
  const offer = (await call("POST", "/api/offers", cookie, offerBodyOf(unit.id, garantias, terms))).json<{
    id: string;
  }>();
  if (!offer.id) throw new Error(`offer: ${JSON.stringify(offer)}`);
  const published = await call("POST", `/api/offers/${offer.id}/publish`, cookie);
  if (published.statusCode !== 200) throw new Error(published.body);
  return offer.id;
}

/** A tenant's proposal for `offerId` on the usual terms; its id. */
export async function proposalOf(
  app: FastifyInstance,
  cookie: string,
  offerId: string,
  garantia = "fiador",
  over: Record<string, unknown> = {},
) {
  const res = await caller(app)("POST", "/api/proposals", cookie, proposalBodyOf(offerId, garantia, over));
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json<{ id: string }>().id;
}
