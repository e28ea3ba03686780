import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { isUnauthorized } from './api';
import { ActivityPage } from './pages/Activity';
import { ApiKeysPage } from './pages/ApiKeys';
import { ApprovalPoliciesPage } from './pages/ApprovalPolicies';
import { ApprovalRequestPage } from './pages/ApprovalRequest';
import { ApprovalsPage } from './pages/Approvals';
import { CatalogPage, IntegrationPage } from './pages/Catalog';
import { CustomIntegrationsPage } from './pages/CustomIntegrations';
import { ConnectionsPage } from './pages/Connections';
import { IntegrationsPage } from './pages/Integrations';
import { MembersPage } from './pages/Members';
import { Home, OrganizationsPage } from './pages/Organizations';
import { OverviewPage } from './pages/Overview';
import { PartialsPage } from './pages/Partials';
import { PlaygroundPage } from './pages/Playground';
import { SettingsPage } from './pages/Settings';
import { TriggerSourcePage } from './pages/TriggerSource';
import { TriggersPage } from './pages/Triggers';
import { OrgShell } from './pages/Shell';
import { SignInPage, SignUpPage } from './pages/SignIn';
import { VerifyEmailPage } from './pages/VerifyEmail';
import { WorkspacesPage } from './pages/Workspaces';
import { McpServerPage } from './pages/McpServer';
import { McpServersPage } from './pages/McpServers';
import './styles.css';

const queryClient = new QueryClient({
  defaultOptions: {
    // A signed-out session is not retried; other failures once (a page shows the API's message after that).
    queries: { retry: (count, err) => !isUnauthorized(err) && count < 1, refetchOnWindowFocus: false },
  },
});

/** The app's routes; the server answers each path below with index.html (src/web/dashboard/dashboard.routes.ts). */
const router = createBrowserRouter([
  { path: '/', element: <Home /> },
  { path: '/sign-in', element: <SignInPage /> },
  { path: '/sign-up', element: <SignUpPage /> },
  { path: '/verify-email', element: <VerifyEmailPage /> },
  { path: '/organizations', element: <OrganizationsPage /> },
  {
    path: '/o/:orgId',
    element: <OrgShell />,
    children: [
      { index: true, element: <OverviewPage /> },
      { path: 'workspaces', element: <WorkspacesPage /> },
      { path: 'catalog', element: <CatalogPage /> },
      { path: 'catalog/:name', element: <IntegrationPage /> },
      { path: 'apis', element: <CustomIntegrationsPage /> },
      { path: 'activity', element: <ActivityPage /> },
      { path: 'api-keys', element: <ApiKeysPage /> },
      { path: 'members', element: <MembersPage /> },
      { path: 'settings', element: <SettingsPage /> },
      { path: 'w/:workspaceId/integrations', element: <IntegrationsPage /> },
      { path: 'w/:workspaceId/connections', element: <ConnectionsPage /> },
      { path: 'w/:workspaceId/partials', element: <PartialsPage /> },
      { path: 'w/:workspaceId/playground', element: <PlaygroundPage /> },
      { path: 'w/:workspaceId/mcp', element: <McpServersPage /> },
      { path: 'w/:workspaceId/mcp/:serverId', element: <McpServerPage /> },
      { path: 'approvals', element: <ApprovalsPage /> },
      { path: 'approvals/policies', element: <ApprovalPoliciesPage /> },
      { path: 'approvals/:approvalId', element: <ApprovalRequestPage /> },
      { path: 'w/:workspaceId/triggers', element: <TriggersPage /> },
      { path: 'w/:workspaceId/triggers/:sourceId', element: <TriggerSourcePage /> },
      { path: '*', element: <NotFound /> },
    ],
  },
  { path: '*', element: <NotFound /> },
]);

function NotFound() {
  return (
    <main className="narrow" id="main">
      <h1>Page not found</h1>
      <p>
        <a href="/">Go to the dashboard</a>
      </p>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
