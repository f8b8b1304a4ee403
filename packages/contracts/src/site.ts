/** Contact details shown in the footer. */
export const SITE = {
  name: 'Sokoni',
  contactEmail: 'support@sokoni.co.ke',
  contactPhone: '+254 700 123 456',
  location: 'Westlands, Nairobi, Kenya',
} as const;
