import type { SignerRole } from "../../../../shared/contracts/contracts";
import { brazilDateTime } from "../../../../shared/contracts/proposals";
import type { ContractRow } from "../contracts.repository";
import { shortAddress } from "../invitation";
import { documentKind, type StoredDocumentData } from "./registry";
import { localeText, mailText } from "./words";

/*
 * The machine's e-mails for a later document (a receipt, an amendment), from the locales'
 * contract.documentMail and the kind's name. The lease keeps its own words (invitation.ts,
 * sealing.ts; decision 044).
 */

type Row = Pick<ContractRow, "kind" | "numero" | "data" | "expires_at">;

function varsOf(row: Row) {
  const data = row.data as StoredDocumentData;
  return {
    title: localeText(documentKind(row.kind).titleKey),
    numero: row.numero,
    lease: data.numero,
    home: shortAddress(data.imovel.endereco),
  };
}

/** The invitation to sign (or its reminder): subject, lines, the bell's lines and the button. */
export function documentInvitation(
  row: Row,
  _signer: { role: SignerRole },
  reminder: boolean,
): { subject: string; lines: string[]; bell: string[]; action: string } {
  const vars = varsOf(row);
  const when = row.expires_at ? brazilDateTime(row.expires_at) : null;
  return {
    subject:
      reminder && when ? mailText("reminderSubject", { ...vars, when }) : mailText("inviteSubject", vars),
    lines: [
      mailText("inviteLead", vars),
      ...(when ? [mailText("inviteDeadline", { when })] : []),
      mailText("inviteHow"),
      mailText("invitePersonal"),
    ],
    bell: [mailText("inviteBell", vars)],
    action: mailText("inviteAction"),
  };
}

/** Everyone signed and the document is sealed: subject, lines and the button. */
export function documentSealedNotice(row: Row): { subject: string; lines: string[]; action: string } {
  const vars = varsOf(row);
  return {
    subject: mailText("sealedSubject", vars),
    lines: [mailText("sealedLead", vars), mailText("sealedKeep")],
    action: mailText("sealedAction"),
  };
}
