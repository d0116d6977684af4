import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { menuRoutes, type AdminMenuItem, type MenuInput, type ReorderMenusInput } from '@cc/contracts';
import { fakeApi, page } from '../../../../../test/fakeApi';
import { aMenu, renderAdmin } from '../../shared/tests/harness';

/** Menus kept the way the server keeps them: reorder renumbers the section in the order given. */
function menusServer(initial: AdminMenuItem[]) {
  let menus = initial;
  const section = (name: string) => menus.filter((m) => m.section === name).sort((a, b) => a.ordering - b.ordering);
  return fakeApi()
    .answer(menuRoutes.adminList, () => page(menus))
    .answer(menuRoutes.section, () => page(section('footer')))
    .answer(menuRoutes.reorder, ({ body }) => {
      const { section: name, ids } = body as ReorderMenusInput;
      menus = menus.map((m) => (m.section === name ? { ...m, ordering: ids.indexOf(m._id) } : m));
      return page(section(name));
    })
    .answer(menuRoutes.create, ({ body }) => {
      const created = aMenu({ ...(body as MenuInput), openNewTab: Boolean((body as MenuInput).openNewTab) });
      menus = [...menus, created];
      return created;
    })
    .answer(menuRoutes.remove, ({ params }) => {
      menus = menus.filter((m) => m._id !== params.id);
      return null;
    });
}

const titlesInOrder = () =>
  within(screen.getByRole('list', { name: 'Footer links' }))
    .getAllByRole('listitem')
    .map((li) => li.querySelector('.admin-menus__title')!.firstChild!.textContent);

it('moves a link up with the keyboard-reachable arrows and sends the new order', async () => {
  const terms = aMenu({ title: 'Terms', ordering: 0 });
  const privacy = aMenu({ title: 'Privacy', path: '/privacy', ordering: 1 });
  const help = aMenu({ title: 'Help', path: '/help', ordering: 2 });
  const api = menusServer([help, terms, privacy, aMenu({ title: 'Elsewhere', section: 'header' })]);
  renderAdmin('/admin/menus');

  await screen.findByText('Privacy');
  expect(titlesInOrder()).toEqual(['Terms', 'Privacy', 'Help']);
  expect(screen.getByRole('button', { name: 'Move “Terms” up' })).toBeDisabled();

  const moveUp = screen.getByRole('button', { name: 'Move “Help” up' });
  moveUp.focus();
  fireEvent.click(moveUp);

  await waitFor(() => expect(titlesInOrder()).toEqual(['Terms', 'Help', 'Privacy']));
  expect(api.requestsTo(menuRoutes.reorder)[0]!.body).toEqual({
    section: 'footer',
    ids: [terms._id, help._id, privacy._id],
  });
  await waitFor(() => expect(screen.getByRole('button', { name: 'Move “Help” up' })).toHaveFocus());
  expect(screen.getByText('“Help” moved to position 2 of 3.')).toBeVisible();
});

it('adds a link at the end of the section after checking the path', async () => {
  const api = menusServer([aMenu({ title: 'Terms', ordering: 0 })]);
  renderAdmin('/admin/menus');
  await screen.findByText('Terms');

  fireEvent.click(screen.getByRole('button', { name: 'Add link' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add a link' });
  fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: 'Status' } });
  fireEvent.change(within(dialog).getByLabelText('Path or address'), { target: { value: 'status.example.test' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Add link' }));
  expect(await within(dialog).findByText('Path must start with /, http://, https:// or mailto:')).toBeVisible();
  expect(api.requestsTo(menuRoutes.create)).toHaveLength(0);

  fireEvent.change(within(dialog).getByLabelText('Path or address'), { target: { value: 'https://status.example.test' } });
  fireEvent.click(within(dialog).getByLabelText('Open in a new tab'));
  fireEvent.click(within(dialog).getByRole('button', { name: 'Add link' }));

  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(api.requestsTo(menuRoutes.create)[0]!.body).toEqual({
    title: 'Status',
    path: 'https://status.example.test',
    openNewTab: true,
    section: 'footer',
    ordering: 1,
  });
  await waitFor(() => expect(titlesInOrder()).toEqual(['Terms', 'Status']));
  expect(screen.getByText('New tab')).toBeVisible();
});

it("shows the server's field error in the link form", async () => {
  menusServer([]).refuse(menuRoutes.create, 422, 'title: Title is taken', {
    fields: { title: 'That title is already used in this section' },
  });
  renderAdmin('/admin/menus');

  expect(await screen.findByText('No links in this section yet')).toBeVisible();
  fireEvent.click(screen.getByRole('button', { name: 'Add link' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add a link' });
  fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: 'Terms' } });
  fireEvent.change(within(dialog).getByLabelText('Path or address'), { target: { value: '/terms' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Add link' }));

  expect(await within(dialog).findByText('That title is already used in this section')).toBeVisible();
  expect(within(dialog).getByLabelText('Title')).toHaveValue('Terms');
});

it('deletes a link only after confirming', async () => {
  const terms = aMenu({ title: 'Terms' });
  const api = menusServer([terms]);
  renderAdmin('/admin/menus');

  fireEvent.click(await screen.findByRole('button', { name: 'Delete “Terms”' }));
  const dialog = await screen.findByRole('dialog', { name: 'Delete “Terms”?' });
  expect(api.requestsTo(menuRoutes.remove)).toHaveLength(0);
  fireEvent.click(within(dialog).getByRole('button', { name: 'Delete link' }));

  expect(await screen.findByText('No links in this section yet')).toBeVisible();
  expect(api.requestsTo(menuRoutes.remove).map((request) => request.params.id)).toEqual([terms._id]);
});

it('switches between sections', async () => {
  menusServer([aMenu({ title: 'Terms' }), aMenu({ title: 'Pricing', section: 'header' })]);
  renderAdmin('/admin/menus');
  await screen.findByText('Terms');

  fireEvent.change(screen.getByLabelText('Section'), { target: { value: 'header' } });

  expect(await screen.findByText('Pricing')).toBeVisible();
  expect(screen.queryByText('Terms')).not.toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Links in “header”' })).toBeVisible();
});
