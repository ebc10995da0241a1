import { generatePixPayload } from "@brazilian-utils/brazilian-utils";
import { addDays } from "date-fns";
import { type ChargeView, type PixMode, PSP_VALIDITY_DAYS } from "../../../shared/contracts/rent";
import { parseDay, showDay } from "../../../shared/rent/calendar";
import { dueDate } from "../../../shared/rent/periods";
import { newCobvTxid } from "./pix-psp";
import { brCodeSvg, newStaticTxid, staticBrCode } from "./pix-static";
import type { ChargeRow } from "./rent.repository";

/*
 * pixProvider() (docs/architecture.md): how a charge is paid by Pix, chosen by PIX_PROVIDER as
 * e-mail and storage are. "estatico" (the default) needs no contract with anyone: a static BR Code
 * for the landlord's own key, with the amount of the day and the charge's txid; the landlord says
 * when the money arrived. "psp" registers each charge at the installation's PSP as a Pix with a due
 * date (cobv, the Banco Central's Pix API), whose dynamic BR Code the PSP prices on the day paid
 * and whose webhook confirms the payment.
 */

export interface PixPayee {
  /** The landlord's key (static) — absent until their profile has one. */
  key: string | null;
  name: string;
  city: string;
}

export type PixAnswer =
  | { pix: NonNullable<ChargeView["pix"]>; unavailable: null }
  | { pix: null; unavailable: NonNullable<ChargeView["pixIndisponivel"]> };

export function newTxidFor(mode: PixMode): string {
  return mode === "psp" ? newCobvTxid() : newStaticTxid();
}

/** The BR Code to pay `amount` centavos for `charge` on `today`, or why there is none. */
export function pixFor(charge: ChargeRow, payee: PixPayee, amount: number, today: string): PixAnswer {
  if (charge.pix_mode === "psp") {
    // The cobv was registered with this validity (validadeAposVencimento): past its last day (the
    // specification's examples A–G: counted from the due date, moved to the next banking day) the
    // PSP refuses the payment, so no code is shown; the landlord confirms what was paid otherwise.
    if (today > dueDate(showDay(addDays(parseDay(charge.due_date), PSP_VALIDITY_DAYS))))
      return { pix: null, unavailable: "psp-vencida" };
    if (!charge.psp_location) return { pix: null, unavailable: "psp-pendente" };
    const payload = generatePixPayload({
      url: charge.psp_location,
      merchantName: payee.name,
      merchantCity: payee.city,
    });
    // A location the BR Code cannot carry (over 77 characters, not a host and path) is the PSP's
    // answer we cannot use: the charge says it is pending rather than failing the page.
    if (!payload) return { pix: null, unavailable: "psp-pendente" };
    return {
      pix: {
        modo: "psp",
        copiaECola: payload,
        qrSvg: brCodeSvg(payload),
        txid: charge.txid,
        valor: amount,
        recebedor: payee.name,
      },
      unavailable: null,
    };
  }
  if (!payee.key) return { pix: null, unavailable: "sem-chave" };
  const payload = staticBrCode({
    key: payee.key,
    merchantName: payee.name,
    merchantCity: payee.city,
    amount,
    txid: charge.txid,
  });
  return {
    pix: {
      modo: "estatico",
      copiaECola: payload,
      qrSvg: brCodeSvg(payload),
      txid: charge.txid,
      valor: amount,
      recebedor: payee.name,
    },
    unavailable: null,
  };
}
