import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { Toaster } from 'sonner';
import { createAppStore } from '../../../app/store';
import ProfilePage from '../pages/ProfilePage';
import { ProfileDetailsForm } from '../components/ProfileDetailsForm';
import { setLogin, userUpdated } from '../../../shared/auth/authSlice';
import { clearBrowserSession, fakeServer, type RecordedRequest } from '../../../../test/fakeServer';
import { buildMe } from '../../../../test/factories';
import { seeToast } from '../../../../test/toasts';

/** The profile form gains the fields of the complete-profile rule and a private section (docs/product.md#accounts). */

const sentBody = (request: RecordedRequest | undefined) => JSON.parse(String(request?.body)) as Record<string, unknown>;

afterEach(() => {
  vi.unstubAllGlobals();
  clearBrowserSession();
});

function renderForm(user = buildMe({ bio: 'Hello' })) {
  render(
    <Provider store={createAppStore()}>
      <MemoryRouter>
        <ProfileDetailsForm user={user} />
        <Toaster />
      </MemoryRouter>
    </Provider>,
  );
}

describe('the profile details form', () => {
  it('sends gender, age, place and the private details, and says who sees what', async () => {
    const me = buildMe({ bio: 'Hello' });
    const server = fakeServer({
      'PUT /api/users/updateProfile': (request) => ({ body: { data: { ...me, ...sentBody(request), age: 31 } } }),
    });
    server.install();
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
    const put = server.requests.find((r) => r.method === 'PUT');
    expect(sentBody(put)).toMatchObject({
      gender: 'female',
      age: 31,
      city: 'Lyon',
      country: 'France',
      phoneNumber: '+33612345678',
      address: '',
    });
  });

  it('refuses an age under 18 next to its input before asking the server', async () => {
    const server = fakeServer({});
    server.install();
    renderForm();
    fireEvent.input(screen.getByLabelText('Age'), { target: { value: '16' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    const age = screen.getByLabelText('Age');
    await waitFor(() => expect(age.closest('.ui-field')).toHaveTextContent('You must be at least 18 years old'));
    expect(server.requests).toHaveLength(0);
  });
});

describe('the "Finish your profile" hint', () => {
  it('asks for a bio and a gender, and goes once the server counts the profile complete', async () => {
    const store = createAppStore();
    store.dispatch(setLogin(buildMe({ isCompletedProfile: false })));
    render(
      <Provider store={store}>
        <MemoryRouter>
          <ProfilePage />
        </MemoryRouter>
      </Provider>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Add a short bio and your gender so people know who they are talking to.');
    store.dispatch(userUpdated(buildMe({ isCompletedProfile: true, bio: 'Hi', gender: 'male' })));
    await waitFor(() => expect(screen.queryByText('Finish your profile')).not.toBeInTheDocument());
  });
});
