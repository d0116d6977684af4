/** Scaffold: replaced by the feature's page. */
export default function ModelProfilePage() {
  return null;
}
