/** Scaffold: replaced by the feature's page. */
export default function PeopleSearchPage() {
  return null;
}
