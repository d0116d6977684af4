/** Scaffold: replaced by the feature's page. */
export default function BookmarksPage() {
  return null;
}
