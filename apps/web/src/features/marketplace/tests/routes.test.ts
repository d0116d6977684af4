import { expect, it } from 'vitest';
import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { appRoutes } from '../../../app/router';
import { createAppStore } from '../../../app/store';
import { fakeApi } from '../../../../test/fakeApi';

function findRoute(routes: RouteObject[], path: string): RouteObject | undefined {
  for (const route of routes) {
    if (route.path === path) return route;
    const inner = route.children ? findRoute(route.children, path) : undefined;
    if (inner) return inner;
  }
  return undefined;
}

it.each(['store', 'purchases'])('/%s needs a session: a visitor without one goes to the login page and back', async (path) => {
  const api = fakeApi();
  const loader = findRoute(appRoutes(createAppStore()), path)?.loader as (args: LoaderFunctionArgs) => Promise<unknown>;
  const visit = { request: new Request(`http://localhost/${path}`), params: {}, context: undefined } as unknown as LoaderFunctionArgs;
  const thrown = await loader(visit).then(
    () => null,
    (error: unknown) => error,
  );
  expect(thrown instanceof Response ? thrown.headers.get('Location') : thrown).toBe(`/auth/login?next=%2F${path}`);
  expect(api.requests).toHaveLength(0);
});
