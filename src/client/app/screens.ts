import type { ScreenName } from "../../shared/routes";
import type { ScreenLoader } from "./lazy-screen";

/** One loader a screen folder; each becomes its own chunk, fetched when its route is opened. */
export const screenLoaders: Record<ScreenName, ScreenLoader> = {
  Home: () => import("../screens/Home/home-screen").then((m) => m.HomeScreen),
  Signup: () => import("../screens/Signup/signup-screen").then((m) => m.SignupScreen),
  Login: () => import("../screens/Login/login-screen").then((m) => m.LoginScreen),
  Password: () => import("../screens/Password/password-screen").then((m) => m.PasswordScreen),
  Logoff: () => import("../screens/Logoff/logoff-screen").then((m) => m.LogoffScreen),
  Config: () => import("../screens/Config/config-screen").then((m) => m.ConfigScreen),
  ViewDocument: () =>
    import("../screens/ViewDocument/view-document-screen").then((m) => m.ViewDocumentScreen),
  Camera: () => import("../screens/Camera/camera-screen").then((m) => m.CameraScreen),
  Convert: () => import("../screens/Convert/convert-screen").then((m) => m.ConvertScreen),
  AluguelOferta: () =>
    import("../screens/AluguelOferta/aluguel-oferta-screen").then((m) => m.AluguelOfertaScreen),
  AluguelOfertaOLD: () =>
    import("../screens/AluguelOfertaOLD/aluguel-oferta-old-screen").then((m) => m.AluguelOfertaOldScreen),
  AdicionarUnidade: () =>
    import("../screens/AdicionarUnidade/adicionar-unidade-screen").then((m) => m.AdicionarUnidadeScreen),
  profile: () => import("../screens/profile/profile-screen").then((m) => m.ProfileScreen),
  profile2: () => import("../screens/profile2/profile2-screen").then((m) => m.Profile2Screen),
  AluguelProposta: () =>
    import("../screens/AluguelProposta/aluguel-proposta-screen").then((m) => m.AluguelPropostaScreen),
  PropostaEnviada: () =>
    import("../screens/PropostaEnviada/proposta-enviada-screen").then((m) => m.PropostaEnviadaScreen),
  AprovarProposta: () =>
    import("../screens/AprovarProposta/aprovar-proposta-screen").then((m) => m.AprovarPropostaScreen),
  AluguelHistorico: () =>
    import("../screens/AluguelHistorico/aluguel-historico-screen").then((m) => m.AluguelHistoricoScreen),
  Clicksign: () => import("../screens/Clicksign/clicksign-screen").then((m) => m.ClicksignScreen),
  Message: () => import("../screens/Message/message-screen").then((m) => m.MessageScreen),
  profile3: () => import("../screens/profile3/profile3-screen").then((m) => m.Profile3Screen),
  preferences: () => import("../screens/preferences/preferences-screen").then((m) => m.PreferencesScreen),
  preferences2: () => import("../screens/preferences2/preferences2-screen").then((m) => m.Preferences2Screen),
  PreferencesHist: () =>
    import("../screens/PreferencesHist/preferences-hist-screen").then((m) => m.PreferencesHistScreen),
  Privacidade: () => import("../screens/Privacidade/privacidade-screen").then((m) => m.PrivacidadeScreen),
  Termos: () => import("../screens/Termos/termos-screen").then((m) => m.TermosScreen),
};
