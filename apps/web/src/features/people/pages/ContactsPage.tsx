/** Scaffold: replaced by the feature's page. */
export default function ContactsPage() {
  return null;
}
