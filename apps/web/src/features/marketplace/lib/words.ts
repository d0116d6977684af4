const count = new Intl.NumberFormat('en-US');

/** "1 item for sale", "12 items for sale", "0 purchases". */
export function itemCount(total: number, after = '', noun: [string, string] = ['item', 'items']): string {
  return [count.format(total), total === 1 ? noun[0] : noun[1], after].filter(Boolean).join(' ');
}

/** "No sales yet", "Sold once", "Sold 4 times". */
export function salesLabel(sales: number | undefined): string {
  if (!sales) return 'No sales yet';
  return sales === 1 ? 'Sold once' : `Sold ${count.format(sales)} times`;
}
