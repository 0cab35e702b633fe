/** The business behind the shop, as the contact and policy pages name it. A shop running haat edits these. */
export const shop = {
  name: 'haat',
  legalName: 'haat Retail',
  officeLines: ['4th floor, 22 Camac Street', 'Kolkata 700016', 'West Bengal, India'],
  supportEmail: 'support@haat.example',
  supportHours: 'Monday to Saturday, 10 am to 7 pm IST',
  year: 2025,
};
