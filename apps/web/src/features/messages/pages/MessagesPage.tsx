/** Scaffold: replaced by the feature's page. */
export default function MessagesPage() {
  return null;
}
