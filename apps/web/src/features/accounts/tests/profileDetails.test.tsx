import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { profileRoutes, type Me } from '@cc/contracts';
import ProfilePage from '../pages/ProfilePage';
import { ProfileDetailsForm } from '../components/ProfileDetailsForm';
import { userUpdated } from '../../../shared/auth/authSlice';
import { fakeApi } from '../../../../test/fakeApi';
import { buildMe } from '../../../../test/factories';
import { renderApp } from '../../../../test/renderApp';
import { seeToast } from '../../../../test/toasts';

/** The profile form gains the fields of the complete-profile rule and a private section (docs/product.md#accounts). */

function renderForm(user = buildMe({ bio: 'Hello' })) {
  return renderApp([{ path: '/', element: <ProfileDetailsForm user={user} /> }]);
}

describe('the profile details form', () => {
  it('sends gender, age, place and the private details, and says who sees what', async () => {
    const me = buildMe({ bio: 'Hello' });
    const api = fakeApi().answer(profileRoutes.updateProfile, ({ body }) => ({ ...me, ...(body as Partial<Me>), age: 31 }));
    renderForm(me);

    expect(screen.getByRole('heading', { name: 'Private details' }).closest('section')).toHaveTextContent(
      "Only you and the site's administrators see these.",
    );
    fireEvent.change(screen.getByLabelText('Gender'), { target: { value: 'female' } });
    fireEvent.input(screen.getByLabelText('Age'), { target: { value: '31' } });
    fireEvent.input(screen.getByLabelText('City'), { target: { value: 'Lyon' } });
    fireEvent.input(screen.getByLabelText('Country'), { target: { value: 'France' } });
    fireEvent.input(screen.getByLabelText('Phone number'), { target: { value: '+33 6 12 34 56 78' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));

    await seeToast('Your profile is saved.');
    expect(api.requestsTo(profileRoutes.updateProfile)[0]!.body).toMatchObject({
      gender: 'female',
      age: 31,
      city: 'Lyon',
      country: 'France',
      phoneNumber: '+33612345678',
      address: '',
    });
  });

  it('refuses an age under 18 next to its input before asking the server', async () => {
    const api = fakeApi();
    renderForm();
    fireEvent.input(screen.getByLabelText('Age'), { target: { value: '16' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    const age = screen.getByLabelText('Age');
    await waitFor(() => expect(age.closest('.ui-field')).toHaveTextContent('You must be at least 18 years old'));
    expect(api.requests).toHaveLength(0);
  });
});

describe('the "Finish your profile" hint', () => {
  it('asks for a bio and a gender, and goes once the server counts the profile complete', async () => {
    fakeApi();
    const { store } = renderApp([{ path: '/', element: <ProfilePage /> }], { me: buildMe({ isCompletedProfile: false }) });
    expect(screen.getByRole('status')).toHaveTextContent('Add a short bio and your gender so people know who they are talking to.');
    store.dispatch(userUpdated(buildMe({ isCompletedProfile: true, bio: 'Hi', gender: 'male' })));
    await waitFor(() => expect(screen.queryByText('Finish your profile')).not.toBeInTheDocument());
  });
});

describe('a photo chosen and not yet saved', () => {
  const choosePhoto = () => {
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    fireEvent.change(input, { target: { files: [new File([new Uint8Array([0xff, 0xd8, 0xff])], 'me.jpg', { type: 'image/jpeg' })] } });
  };

  it('is saved by Save profile too, with the fields, and the page says both were saved', async () => {
    const me = buildMe({ bio: 'Hello', avatarUrl: null });
    const api = fakeApi()
      .answer(profileRoutes.avatar, { ...me, avatarUrl: '/api/files/new/me.jpg' })
      .answer(profileRoutes.updateProfile, ({ body }) => ({ ...me, ...(body as Partial<Me>), avatarUrl: '/api/files/new/me.jpg' }));
    renderApp([{ path: '/', element: <ProfilePage /> }], { me });
    choosePhoto();
    expect(await screen.findByRole('img', { name: 'Preview of your new profile photo' })).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/^Bio/), { target: { value: 'Hello again' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));

    await seeToast('Your profile and photo are saved.');
    expect(api.requestsTo(profileRoutes.avatar)).toHaveLength(1);
    expect(api.requestsTo(profileRoutes.updateProfile)[0]!.body).toMatchObject({ bio: 'Hello again' });
    expect(screen.queryByRole('img', { name: 'Preview of your new profile photo' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save photo' })).not.toBeInTheDocument();
  });

  it('whose upload is refused keeps the photo, changes nothing and says why', async () => {
    const api = fakeApi().refuse(profileRoutes.avatar, 413, 'That file is too large.');
    renderApp([{ path: '/', element: <ProfilePage /> }], { me: buildMe({ bio: 'Hello' }) });
    choosePhoto();
    fireEvent.change(screen.getByLabelText(/^Bio/), { target: { value: 'Hello again' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Your photo could not be saved: That file is too large. Nothing else was changed.')).toBeVisible();
    expect(api.requestsTo(profileRoutes.updateProfile)).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Save photo' })).toBeVisible();
  });
});
