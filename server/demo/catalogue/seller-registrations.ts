/**
 * What each demo seller's GST registration names (all fictional): its legal name (their PANs say a firm)
 * and its place of business, whose pincode also gives the state (as the pincodes table spells it).
 */
export interface SellerRegistration {
  legalName: string;
  street: string;
  pincode: string;
}

export const REGISTRATIONS: Readonly<Record<string, SellerRegistration>> = {
  'Bagru Print House': { legalName: 'Bagru Print House LLP', street: '14 Chhipa Mohalla', pincode: '302001' },
  'Sanganer Textiles': { legalName: 'Sanganer Textiles & Co.', street: '7 Tonk Road', pincode: '302001' },
  'Banaras Weaves': { legalName: 'Banaras Weaves LLP', street: 'K 58/22 Lallapura', pincode: '221001' },
  'Kanchi Silk Centre': {
    legalName: 'Kanchi Silk Centre & Sons',
    street: '112 Gandhi Road',
    pincode: '631501',
  },
  'Chanderi Loom Co.': { legalName: 'Chanderi Loom Company', street: '3 Kila Kothi Road', pincode: '473446' },
  'Lucknow Chikan Kari': {
    legalName: 'Lucknow Chikan Kari LLP',
    street: '21 Chowk Bazaar',
    pincode: '226001',
  },
  'Tiruppur Knit Works': {
    legalName: 'Tiruppur Knit Works & Co.',
    street: '45 Avinashi Road',
    pincode: '641601',
  },
  'Kolkata Tant Ghar': { legalName: 'Kolkata Tant Ghar LLP', street: '9 Bentinck Street', pincode: '700001' },
  'Surat Fashion Hub': { legalName: 'Surat Fashion Hub LLP', street: '301 Ring Road', pincode: '395003' },
  'Kutch Bandhani Kala': {
    legalName: 'Kutch Bandhani Kala & Co.',
    street: '5 Station Road',
    pincode: '370001',
  },
  'Mumbai Denim Co.': { legalName: 'Mumbai Denim Company LLP', street: '18 Kala Ghoda', pincode: '400001' },
  'Bengaluru Urban Threads': {
    legalName: 'Bengaluru Urban Threads LLP',
    street: '27 Brigade Road',
    pincode: '560001',
  },
  'Dilli Leather Craft': {
    legalName: 'Dilli Leather Craft & Co.',
    street: '66 Janpath',
    pincode: '110001',
  },
  'Kanpur Leather Works': {
    legalName: 'Kanpur Leather Works LLP',
    street: '12 Mall Road',
    pincode: '208001',
  },
  'Little Peacock Kidswear': {
    legalName: 'Little Peacock Kidswear LLP',
    street: '4 Relief Road',
    pincode: '380001',
  },
  'Bishnupur Terracotta Collective': {
    legalName: 'Bishnupur Terracotta Collective & Co.',
    street: 'Panchmura Road',
    pincode: '722122',
  },
  'Bastar Dokra Artisans': {
    legalName: 'Bastar Dokra Artisans & Co.',
    street: 'Kondagaon Road',
    pincode: '494001',
  },
  'Santiniketan Kantha Stitch': {
    legalName: 'Santiniketan Kantha Stitch LLP',
    street: 'Prantik Road',
    pincode: '731204',
  },
  'Mithila Art House': { legalName: 'Mithila Art House & Co.', street: 'Jitwarpur Road', pincode: '847211' },
  'Raghurajpur Chitrakar': {
    legalName: 'Raghurajpur Chitrakar & Co.',
    street: 'Chandanpur Road',
    pincode: '752001',
  },
  'Assam Bamboo & Cane': {
    legalName: 'Assam Bamboo & Cane LLP',
    street: '8 Fancy Bazar',
    pincode: '781001',
  },
  'Moradabad Brass Emporium': {
    legalName: 'Moradabad Brass Emporium & Co.',
    street: '30 Peetal Basti',
    pincode: '244001',
  },
  'Pochampally Ikat Weavers': {
    legalName: 'Pochampally Ikat Weavers LLP',
    street: 'Handloom Park Road',
    pincode: '508284',
  },
};
