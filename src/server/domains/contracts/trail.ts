import { trailWords } from "../../../shared/contracts/contracts";
import ptBR from "../../../shared/locales/pt-BR.json";

/** An audit step as the status page says it (pt-BR, from the same locale): the certificate's words. */
export function stepText(type: string): string {
  const { key, provider } = trailWords(type);
  return ptBR.contract.events[key].replace("{{provider}}", provider);
}
