/** Scaffold: replaced by the feature's page. */
export default function ModelsPage() {
  return null;
}
