/**
 * Splits what a member paid into the site's commission and the model's net, in integers of
 * hundredths: the commission rounds down, so any odd hundredth goes to the model, and
 * commission + net is always exactly the gross.
 */
export function splitCommission(gross: number, percent: number): { gross: number; commission: number; net: number } {
  if (!Number.isSafeInteger(gross) || gross <= 0) throw new RangeError(`gross must be a positive integer, got ${gross}`);
  if (!Number.isInteger(percent) || percent < 0 || percent > 100)
    throw new RangeError(`percent must be a whole number 0–100, got ${percent}`);
  // gross × percent stays far below 2^53 for any amount an int column can hold; subtracting the
  // remainder before dividing keeps this integer division, with no floating-point rounding.
  const product = gross * percent;
  const commission = (product - (product % 100)) / 100;
  return { gross, commission, net: gross - commission };
}
