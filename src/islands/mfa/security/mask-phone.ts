/** Shows a phone number with only its last 4 digits: +14155550123 → +1•••••0123 style, keeping the plus sign. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits.length <= 4) return phone;
  const plus = phone.trim().startsWith('+') ? '+' : '';
  return `${plus}${'•'.repeat(digits.length - 4)}${digits.slice(-4)}`;
}
