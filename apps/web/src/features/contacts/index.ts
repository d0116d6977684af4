/** What the rest of the app uses of people: the live hook that keeps models' Call Now current, for the shell. */
export { useCallabilityLive } from './hooks/useCallabilityLive';
