import { fireEvent, screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import type { Me } from '@cc/contracts';
import { buildMe } from '../../../../test/factories';
import { renderApp } from '../../../../test/renderApp';
import { UserMenu } from '../../../app/shell/UserMenu';

function openMenu(user: Me) {
  renderApp([{ path: '/', element: <UserMenu user={user} /> }]);
  fireEvent.click(screen.getByRole('button', { name: new RegExp(user.name) }));
}

it('offers Purchases to everyone and My store to models only', () => {
  openMenu(buildMe({ type: 'user' }));
  expect(screen.getByRole('menuitem', { name: 'Purchases' })).toHaveAttribute('href', '/purchases');
  expect(screen.queryByRole('menuitem', { name: 'My store' })).not.toBeInTheDocument();
});

it('leads a model to her store', () => {
  openMenu(buildMe({ type: 'model', name: 'Ruby Rose' }));
  expect(screen.getByRole('menuitem', { name: 'My store' })).toHaveAttribute('href', '/store');
  expect(screen.getByRole('menuitem', { name: 'Purchases' })).toHaveAttribute('href', '/purchases');
});
