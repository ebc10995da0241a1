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
};
