import type { Family } from './genres.ts';

/** Demo customers (fictional) and what they write about what they bought. */

export const CUSTOMER_NAMES: readonly (readonly [string, string, 'F' | 'M'])[] = [
  ['Priya', 'Sharma', 'F'],
  ['Ananya', 'Iyer', 'F'],
  ['Riya', 'Banerjee', 'F'],
  ['Kavya', 'Nair', 'F'],
  ['Sneha', 'Patil', 'F'],
  ['Meera', 'Kulkarni', 'F'],
  ['Aisha', 'Khan', 'F'],
  ['Pooja', 'Verma', 'F'],
  ['Divya', 'Reddy', 'F'],
  ['Neha', 'Gupta', 'F'],
  ['Shreya', 'Chatterjee', 'F'],
  ['Lakshmi', 'Subramanian', 'F'],
  ['Fatima', 'Shaikh', 'F'],
  ['Harpreet', 'Kaur', 'F'],
  ['Tanvi', 'Deshmukh', 'F'],
  ['Ishita', 'Mukherjee', 'F'],
  ['Nandini', 'Rao', 'F'],
  ['Sunita', 'Yadav', 'F'],
  ['Deepa', 'Menon', 'F'],
  ['Bhavna', 'Joshi', 'F'],
  ['Anjali', 'Mishra', 'F'],
  ['Roshni', 'Das', 'F'],
  ['Zoya', 'Siddiqui', 'F'],
  ['Gayatri', 'Hegde', 'F'],
  ['Rahul', 'Mehta', 'M'],
  ['Arjun', 'Pillai', 'M'],
  ['Vikram', 'Singh', 'M'],
  ['Rohan', 'Bose', 'M'],
  ['Aditya', 'Jain', 'M'],
  ['Karthik', 'Srinivasan', 'M'],
  ['Imran', 'Qureshi', 'M'],
  ['Sandeep', 'Chauhan', 'M'],
  ['Manish', 'Agarwal', 'M'],
  ['Nikhil', 'Saxena', 'M'],
  ['Suresh', 'Gowda', 'M'],
  ['Amit', 'Tiwari', 'M'],
  ['Gurpreet', 'Gill', 'M'],
  ['Sourav', 'Ghosh', 'M'],
  ['Faisal', 'Ansari', 'M'],
  ['Varun', 'Kapoor', 'M'],
];

export const STREETS = [
  'MG Road',
  'Station Road',
  'Park Street',
  'Nehru Nagar',
  'Gandhi Marg',
  'Temple Street',
  'Lake Road',
  'College Road',
  'Civil Lines',
  'Sector 5',
];
export const AREAS = [
  'Shivaji Nagar',
  'Salt Lake',
  'Indiranagar',
  'Anna Nagar',
  'Banjara Hills',
  'Karol Bagh',
  'Andheri East',
  'Kothrud',
  'Gomti Nagar',
  'Malviya Nagar',
];

const PRAISE = [
  'Loved it! Exactly as shown in the pictures.',
  'Very good quality for the price. Will buy again from this seller.',
  'Beautiful colour and neat finishing. Delivered before time.',
  'Got so many compliments on this one.',
  'Value for money. Packaging was also very nice.',
  'Bahut sundar hai, my mother loved it.',
  'Superb product, worth every rupee.',
  'Nice! The colour is even better in person.',
];

const PRAISE_BY_FAMILY: Record<Family, readonly string[]> = {
  ethnic: [
    'The fabric is soft and breathable, perfect for summer.',
    'Fits true to size. The print is lovely and did not fade after washing.',
    'Wore it for Diwali puja, looked very elegant.',
    'Stitching is neat and the neckline sits well.',
  ],
  western: [
    'Comfortable fit and the fabric feels premium.',
    'Perfect for office and weekends. Size chart is accurate.',
    'Light and comfortable, no colour bleeding in the first wash.',
    'Great fit, I ordered my usual size and it was perfect.',
  ],
  drape: [
    'The zari work is rich and the drape is graceful.',
    "Wore it to my cousin's wedding, everyone asked where I bought it.",
    'Fall and pico were done nicely. Blouse piece is good quality too.',
    'Colours are rich and the border is beautiful.',
  ],
  bottom: [
    'Comfortable waist and good length for my height.',
    'Fits well and the fabric is thick enough.',
    'Goes with all my kurtis, bought a second colour.',
  ],
  bag: [
    'Spacious and sturdy. The stitching is very neat.',
    'Looks classy and holds everything I need for office.',
    'The zip and hardware feel strong. Good quality material.',
  ],
  jewellery: [
    'Light weight and so pretty. Perfect with a cotton saree.',
    'Lovely handmade piece, the detailing is beautiful.',
    'Got it as a gift for my sister, she loved it.',
  ],
  textile: [
    'The hand stitching is beautiful, you can see the effort.',
    'Soft and warm, goes with everything.',
    'Lovely handmade piece, colours are vibrant.',
  ],
  art: [
    'Beautiful painting, the fine lines are amazing.',
    'Looks wonderful on my living room wall.',
    'Authentic work, packed very safely.',
  ],
  decor: [
    'Heavy and well finished. Looks great in our puja room.',
    'Perfect for festive decoration, good quality.',
    'Sturdy and beautifully made.',
  ],
};

const MIXED = [
  'Good product but the colour is slightly different from the photo.',
  'Quality is okay for the price. Delivery took a little longer.',
  'Decent, but I expected the material to be a little thicker.',
  'Average. The finishing could be better.',
];

const COMPLAINTS = [
  'Not as shown in the picture. The colour is very dull.',
  'The material feels cheap. Disappointed.',
  'Arrived with a defect, had to ask for a replacement.',
];

/** what only clothes get said about them */
const FIT = {
  mixed: ['Nice design, but the size runs a bit small. Order one size up.'],
  complaints: [
    'Size did not fit at all, had to return it.',
    'Poor stitching, threads were coming out on the first day.',
    'Colour faded after the first wash.',
  ],
};
const WORN: ReadonlySet<Family> = new Set(['ethnic', 'western', 'drape', 'bottom']);

/** A review text fitting the rating and the kind of product. */
export function reviewText(rating: number, family: Family, pick: <T>(items: readonly T[]) => T): string {
  if (rating >= 4) return pick([...PRAISE, ...PRAISE_BY_FAMILY[family]]);
  const worn = WORN.has(family);
  if (rating === 3) return pick(worn ? [...MIXED, ...FIT.mixed] : MIXED);
  return pick(worn ? [...COMPLAINTS, ...FIT.complaints] : COMPLAINTS);
}
