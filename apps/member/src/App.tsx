import { memberAppEndpoints } from '@app/contract/member-app';
import { lazy, Suspense, useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from './api';
import type { Language } from './i18n';
import { Nav } from './Nav';
import { useOnline } from './online';
import { useProfile } from './profile';
import { navigate, usePath } from './router';
import { ScanQueueNotices } from './ScanQueueNotices';
import { ConsentGate } from './screens/ConsentGate';
import { Home } from './screens/Home';
import { Ledger } from './screens/Ledger';
import { QrLanding } from './screens/QrLanding';
import { SignIn } from './screens/SignIn';
import { forgetMemberToken } from './session';
import { TopBar } from './TopBar';

// The screens of a signed-in member load on first use, outside the first load of a label's link
// (`/q/<code>`: sign-in, registration, the scan's answer, Home); once Home shows they are fetched
// while the phone is idle, so the service worker keeps them for a later offline start.
const screens = {
  Rewards: () => import('./screens/Rewards').then((m) => ({ default: m.Rewards })),
  Redemptions: () => import('./screens/Redemptions').then((m) => ({ default: m.Redemptions })),
  Inbox: () => import('./screens/Inbox').then((m) => ({ default: m.Inbox })),
  Kyc: () => import('./screens/Kyc').then((m) => ({ default: m.Kyc })),
  More: () => import('./screens/More').then((m) => ({ default: m.More })),
};
const Rewards = lazy(screens.Rewards);
const Redemptions = lazy(screens.Redemptions);
const Inbox = lazy(screens.Inbox);
const Kyc = lazy(screens.Kyc);
const More = lazy(screens.More);

// The screens behind More load on first use, outside the first load's budget.
const Events = lazy(() => import('./screens/Events').then((m) => ({ default: m.Events })));
const Documents = lazy(() => import('./screens/Documents').then((m) => ({ default: m.Documents })));
const Stores = lazy(() => import('./screens/Stores').then((m) => ({ default: m.Stores })));
const Dealer = lazy(() => import('./screens/Dealer').then((m) => ({ default: m.Dealer })));
const Projects = lazy(() => import('./screens/Projects').then((m) => ({ default: m.Projects })));
const Feedback = lazy(() => import('./screens/Feedback').then((m) => ({ default: m.Feedback })));
const Games = lazy(() => import('./screens/Games').then((m) => ({ default: m.Games })));
const Privacy = lazy(() => import('./screens/Privacy').then((m) => ({ default: m.Privacy })));

/** The member app: `/q/<code>` from a label, sign-in when needed, then the screens under /app. */
export function App() {
  const { t, i18n } = useTranslation();
  const path = usePath();
  const { profile, asOf, reload } = useProfile();
  const online = useOnline();
  const changed = useCallback(() => void reload(), [reload]);

  // The language chosen on this phone is the member's language for messages too.
  useEffect(() => {
    if (profile && profile.language !== i18n.language)
      void call(memberAppEndpoints.updateProfile, {
        body: { language: i18n.language as Language },
      });
  }, [profile, i18n.language]);

  const signedIn = Boolean(profile);
  useEffect(() => {
    if (!signedIn || !online || path.startsWith('/q/')) return;
    const fetchAll = () => {
      for (const load of Object.values(screens)) void load().catch(() => undefined);
    };
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 2000));
    idle(fetchAll);
  }, [signedIn, online, path]);

  const signOut = async () => {
    await call(memberAppEndpoints.logout).catch(() => undefined);
    forgetMemberToken();
    await reload();
    navigate('/app/', true);
  };

  const qr = /^\/q\/([^/]+)\/?$/.exec(path);
  let screen: React.ReactNode;
  if (qr?.[1]) screen = <QrLanding code={decodeURIComponent(qr[1])} onChanged={changed} />;
  else if (profile === undefined) screen = <p className="card">{t('loading')}</p>;
  else if (profile === null) screen = <SignIn onSignedIn={changed} />;
  else if (path.startsWith('/app/ledger')) screen = <Ledger />;
  else if (path.startsWith('/app/rewards')) screen = <Rewards profile={profile} onChanged={changed} />;
  else if (path.startsWith('/app/redemptions')) screen = <Redemptions onChanged={changed} />;
  else if (path.startsWith('/app/inbox')) screen = <Inbox />;
  else if (path.startsWith('/app/kyc')) screen = <Kyc onChanged={changed} />;
  else if (path.startsWith('/app/more')) screen = <More />;
  else if (path.startsWith('/app/events')) screen = <Events />;
  else if (path.startsWith('/app/documents')) screen = <Documents profile={profile} onChanged={changed} />;
  else if (path.startsWith('/app/stores')) screen = <Stores />;
  else if (path.startsWith('/app/dealer')) screen = <Dealer />;
  else if (path.startsWith('/app/projects')) screen = <Projects />;
  else if (path.startsWith('/app/feedback')) screen = <Feedback />;
  else if (path.startsWith('/app/games')) screen = <Games onChanged={changed} />;
  else if (path.startsWith('/app/privacy')) screen = <Privacy onChanged={changed} />;
  else screen = <Home profile={profile} asOf={asOf} onChanged={changed} />;

  return (
    <>
      <TopBar onSignOut={profile ? signOut : undefined} />
      <main>
        {!online && (
          <p className="notice" role="status" data-testid="offline">
            {t('offline')}
          </p>
        )}
        <ScanQueueNotices signedIn={Boolean(profile)} online={online} onSent={changed} />
        <Suspense fallback={<p className="card">{t('loading')}</p>}>
          {profile && !qr ? <ConsentGate key={profile.id}>{screen}</ConsentGate> : screen}
        </Suspense>
      </main>
      {profile && !qr && <Nav path={path} />}
    </>
  );
}
