/** Scaffold: replaced by the feature's page. */
export default function NotificationsPage() {
  return null;
}
