import { businessProfile } from "~/shared/config/business-profile";
import { useMessages } from "~/shared/i18n/messages";
import { Island } from "~/shared/ui/island";
import { WelcomeCardIsland } from "./welcome-card-island";

/** The welcome card, an island (welcome-card-island.tsx). */
export function SplashScreen() {
  const m = useMessages();
  return (
    <Island
      name="welcome-card"
      view={WelcomeCardIsland}
      props={{ welcome: m.layout.splash.welcome, skip: m.layout.splash.skip, name: businessProfile.name }}
    />
  );
}
