/** What the rest of the app uses of the store: the Store section of a model's profile. */
export { ProfileStore } from './components/ProfileStore';
