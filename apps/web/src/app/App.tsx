import { BrowserRouter } from 'react-router-dom';
import { AppRoutes } from './AppRoutes';
import { LogoutListener } from './LogoutListener';
import { OfflineGuard } from './OfflineGuard';
import { RouteChangeWatcher } from './RouteChangeWatcher';
import { RouteLoaderProvider } from './RouteLoaderProvider';
import './shell.css';

/**
 * The application: offline guard around everything, then the router. Location updates are not
 * wrapped in transitions (useTransitions={false}) so a lazy route shows at once as loading instead
 * of React holding the previous screen, which keeps the route-change indicator truthful.
 */
export function App() {
  return (
    <OfflineGuard>
      <BrowserRouter useTransitions={false}>
        <RouteLoaderProvider>
          <RouteChangeWatcher />
          <LogoutListener />
          <AppRoutes />
        </RouteLoaderProvider>
      </BrowserRouter>
    </OfflineGuard>
  );
}
