import type { ScreenName } from "../../shared/routes";
import { withTexts } from "../lib/i18n";
import type { ScreenLoader } from "./lazy-screen";

/**
 * One loader a screen folder; each becomes its own chunk, fetched when its route is opened. The
 * home's texts ship with the first chunk; every other screen also waits for the rest (withTexts).
 */
export const screenLoaders: Record<ScreenName, ScreenLoader> = {
  Home: () => import("../screens/Home/home-screen").then((m) => m.HomeScreen),
  Signup: withTexts(() => import("../screens/Signup/signup-screen").then((m) => m.SignupScreen)),
  Login: withTexts(() => import("../screens/Login/login-screen").then((m) => m.LoginScreen)),
  Password: withTexts(() => import("../screens/Password/password-screen").then((m) => m.PasswordScreen)),
  Logoff: withTexts(() => import("../screens/Logoff/logoff-screen").then((m) => m.LogoffScreen)),
  Config: withTexts(() => import("../screens/Config/config-screen").then((m) => m.ConfigScreen)),
  ViewDocument: withTexts(() =>
    import("../screens/ViewDocument/view-document-screen").then((m) => m.ViewDocumentScreen),
  ),
  Camera: withTexts(() => import("../screens/Camera/camera-screen").then((m) => m.CameraScreen)),
  Convert: withTexts(() => import("../screens/Convert/convert-screen").then((m) => m.ConvertScreen)),
  AluguelOferta: withTexts(() =>
    import("../screens/AluguelOferta/aluguel-oferta-screen").then((m) => m.AluguelOfertaScreen),
  ),
  AluguelOfertaOLD: withTexts(() =>
    import("../screens/AluguelOfertaOLD/aluguel-oferta-old-screen").then((m) => m.AluguelOfertaOldScreen),
  ),
  AdicionarUnidade: withTexts(() =>
    import("../screens/AdicionarUnidade/adicionar-unidade-screen").then((m) => m.AdicionarUnidadeScreen),
  ),
  profile: withTexts(() => import("../screens/profile/profile-screen").then((m) => m.ProfileScreen)),
  profile2: withTexts(() => import("../screens/profile2/profile2-screen").then((m) => m.Profile2Screen)),
  AluguelProposta: withTexts(() =>
    import("../screens/AluguelProposta/aluguel-proposta-screen").then((m) => m.AluguelPropostaScreen),
  ),
  PropostaEnviada: withTexts(() =>
    import("../screens/PropostaEnviada/proposta-enviada-screen").then((m) => m.PropostaEnviadaScreen),
  ),
  AprovarProposta: withTexts(() =>
    import("../screens/AprovarProposta/aprovar-proposta-screen").then((m) => m.AprovarPropostaScreen),
  ),
  AluguelHistorico: withTexts(() =>
    import("../screens/AluguelHistorico/aluguel-historico-screen").then((m) => m.AluguelHistoricoScreen),
  ),
  Clicksign: withTexts(() => import("../screens/Clicksign/clicksign-screen").then((m) => m.ClicksignScreen)),
  Message: withTexts(() => import("../screens/Message/message-screen").then((m) => m.MessageScreen)),
  profile3: withTexts(() => import("../screens/profile3/profile3-screen").then((m) => m.Profile3Screen)),
  preferences: withTexts(() =>
    import("../screens/preferences/preferences-screen").then((m) => m.PreferencesScreen),
  ),
  preferences2: withTexts(() =>
    import("../screens/preferences2/preferences2-screen").then((m) => m.Preferences2Screen),
  ),
  PreferencesHist: withTexts(() =>
    import("../screens/PreferencesHist/preferences-hist-screen").then((m) => m.PreferencesHistScreen),
  ),
  Privacidade: withTexts(() =>
    import("../screens/Privacidade/privacidade-screen").then((m) => m.PrivacidadeScreen),
  ),
  Termos: withTexts(() => import("../screens/Termos/termos-screen").then((m) => m.TermosScreen)),
  Verificar: withTexts(() => import("../screens/Verificar/verificar-screen").then((m) => m.VerificarScreen)),
  Vistoria: withTexts(() => import("../screens/Vistoria/vistoria-screen").then((m) => m.VistoriaScreen)),
  Locacao: withTexts(() => import("../screens/Locacao/locacao-screen").then((m) => m.LocacaoScreen)),
  Cobranca: withTexts(() => import("../screens/Cobranca/cobranca-screen").then((m) => m.CobrancaScreen)),
  Empresas: withTexts(() => import("../screens/Empresas/empresas-screen").then((m) => m.EmpresasScreen)),
  Imobiliaria: withTexts(() =>
    import("../screens/Imobiliaria/imobiliaria-screen").then((m) => m.ImobiliariaScreen),
  ),
};
