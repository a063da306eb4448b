import { useEffect } from 'react';
import { Link, Redirect, Route, Router, Switch, useLocation } from 'wouter';
import { useHashLocation } from 'wouter/use-hash-location';
import { Announcer } from './components/Announcer';
import { JobsScreen } from './screens/jobs/JobsScreen';
import { NewTranscriptionScreen } from './screens/new/NewTranscriptionScreen';
import { JobDetailScreen } from './screens/detail/JobDetailScreen';
import { LiveScreen } from './screens/live/LiveScreen';
import { SettingsScreen } from './screens/settings/SettingsScreen';
import { useLiveEvents } from './screens/live/use-live-events';

// Hash routes: they work from `file://` in Electron and from `/` of the headless server without server routes.
const NAV = [
  { href: '/', label: 'Jobs', match: (path: string) => path === '/' || path.startsWith('/jobs') },
  { href: '/new', label: 'New transcription', match: (path: string) => path === '/new' },
  { href: '/live', label: 'Live', match: (path: string) => path === '/live' },
  { href: '/settings', label: 'Settings', match: (path: string) => path === '/settings' },
];

function Navigation() {
  const [location] = useLocation();
  return (
    <nav className="sidebar" aria-label="Main">
      <div className="brand">
        <span className="brand-mark" aria-hidden="true" />
        Local Transcribe
      </div>
      <ul>
        {NAV.map((item) => {
          const current = item.match(location);
          return (
            <li key={item.href}>
              <Link
                href={item.href}
                className={`nav-link${current ? ' active' : ''}`}
                aria-current={current ? 'page' : undefined}
              >
                {item.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** Moves focus to the new screen's heading, so keyboard and screen-reader users land on the content. */
function useFocusOnNavigate() {
  const [location] = useLocation();
  useEffect(() => {
    document.querySelector<HTMLElement>('main h1')?.focus({ preventScroll: true });
  }, [location]);
}

function Screens() {
  useFocusOnNavigate();
  useLiveEvents();
  return (
    <Switch>
      <Route path="/" component={JobsScreen} />
      <Route path="/new" component={NewTranscriptionScreen} />
      <Route path="/jobs/:id">{(params) => <JobDetailScreen id={params.id} />}</Route>
      <Route path="/live" component={LiveScreen} />
      <Route path="/settings" component={SettingsScreen} />
      <Route>
        <Redirect to="/" />
      </Route>
    </Switch>
  );
}

export function App() {
  return (
    <Router hook={useHashLocation}>
      <a
        className="skip-link"
        href="#content"
        onClick={(e) => {
          e.preventDefault();
          document.getElementById('content')?.focus();
        }}
      >
        Skip to content
      </a>
      <div className="layout">
        <Navigation />
        <main id="content" className="content" tabIndex={-1}>
          <Screens />
        </main>
      </div>
      <Announcer />
    </Router>
  );
}
