import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { NAV_ITEMS } from '@/app/nav';
import { CHANGE_PASSWORD_PATH, RequireAuth } from '@/app/require-auth';
import { FullPageSpinner } from '@/app/full-page-spinner';
import { RouteError } from '@/app/route-error';

const page = (load: () => Promise<{ default: ComponentType }>) => async () => ({
  Component: (await load()).default,
});

const routes: RouteObject[] = [
  {
    id: 'root',
    HydrateFallback: FullPageSpinner,
    ErrorBoundary: RouteError,
    children: [
      { path: '/login', lazy: page(() => import('@/app/routes/login-page')) },
      {
        element: <RequireAuth />,
        children: [
          // Outside the shell: while the password must be changed there is nothing to navigate to.
          { path: CHANGE_PASSWORD_PATH, lazy: page(() => import('@/app/routes/change-password-page')) },
          {
            lazy: page(() => import('@/app/layout/app-layout')),
            children: [...NAV_ITEMS.map((item) => ({ path: item.path, lazy: page(item.page) }))],
          },
        ],
      },
      { path: '*', lazy: page(() => import('@/app/routes/not-found-page')) },
    ],
  },
];

export const router = createBrowserRouter(routes);
