/**
 * An e-mail address in a narrow table column: it may wrap before its "@" (and at its hyphens), so
 * the column can give way without the address being cut inside a word ("example.te|st").
 */
export function EmailAddress({ address }: { address: string }) {
  const at = address.lastIndexOf('@');
  if (at <= 0) return address;
  return (
    <>
      {address.slice(0, at)}
      <wbr />
      {address.slice(at)}
    </>
  );
}
