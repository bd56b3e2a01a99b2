import type { TaggedIcon } from './build-vocabulary.js';

/**
 * The informal, slang and regional words people use for everyday things that
 * icons draw: a "loo" or a "dunny" is a toilet, a "brolly" an umbrella,
 * "trainers" are sneakers, a "jab" a vaccine shot, "dosh" money. Icon
 * libraries tag a glyph with the standard (mostly American) word for what it
 * shows, seldom with the British, Australian or colloquial words for it,
 * and WordNet knows few of them. Written by hand from common informal and
 * regional usage, each entry named with the name words icon packs draw the
 * thing with. Read as part of the project's own source, beside the names of
 * controls (ui-jargon.ts).
 */
export const EVERYDAY_WORDS: readonly TaggedIcon[] = [
  // Home and household.
  {
    name: 'toilet-wc',
    tags: ['dunny', 'bog', 'khazi', 'lav', 'lavvy', 'privy', 'latrine', 'the john'],
  },
  { name: 'toilet-paper', tags: ['loo roll', 'bog roll', 'toilet roll', 'loo paper', 'bathroom tissue'] },
  { name: 'elevator', tags: ['lift', 'lifts', 'passenger lift'] },
  { name: 'oven-cooking', tags: ['hob', 'cooker', 'cooktop', 'stovetop', 'hotplate', 'gas cooker'] },
  { name: 'flashlight', tags: ['torch', 'pocket torch', 'torchlight'] },
  { name: 'sofa-couch', tags: ['chesterfield', 'davenport', 'loveseat', 'divan'] },
  { name: 'crib-baby-bed', tags: ['cot', 'baby cot', 'bassinet'] },
  { name: 'baby-carriage', tags: ['pushchair', 'baby buggy', 'perambulator'] },
  { name: 'sticky-note', tags: ['post it', 'post it note', 'post it notes', 'postit', 'stickies', 'memo note'] },
  { name: 'washing-machine', tags: ['washer', 'launderette', 'laundrette', 'laundromat'] },
  { name: 'tv-television', tags: ['gogglebox'] },
  { name: 'apartment-building', tags: ['condo', 'condominium', 'flats', 'tenement'] },
  // Clothes.
  { name: 'shirt-tshirt', tags: ['jumper', 'sweater', 'sweatshirt', 'pullover', 'jersey', 'tee', 'tee shirt', 'polo shirt', 'cardigan'] },
  { name: 'sneaker-shoe', tags: ['trainers', 'running shoes', 'running shoe', 'plimsolls', 'tennis shoes', 'gym shoes', 'runners', 'footwear'] },
  { name: 'boot', tags: ['wellies', 'wellington boots', 'wellingtons', 'gumboots', 'hiking boots'] },
  { name: 'sunglasses', tags: ['shades', 'sunnies', 'sun glasses', 'aviators'] },
  // Food and drink.
  { name: 'soda', tags: ['fizzy drink', 'fizzy', 'soft drink', 'cola', 'coke', 'lemonade'] },
  { name: 'coffee', tags: ['cup of joe', 'caffeine', 'latte', 'espresso', 'cappuccino', 'americano', 'morning coffee'] },
  { name: 'sandwich', tags: ['sarnie', 'sarny', 'butty', 'sanger', 'sanga', 'hoagie', 'sub sandwich', 'toastie', 'panini', 'packed lunch'] },
  { name: 'beer', tags: ['bevvy', 'bevvies', 'brewski', 'tinnie', 'stubby', 'pub', 'boozer'] },
  {
    name: 'utensils-cutlery',
    tags: [
      'grub',
      'nosh',
      'scran',
      'chow',
      'eats',
      'mealtime',
      'supper',
      'eatery',
      'canteen',
      'cafeteria',
      'hungry',
      'hunger',
      'starving',
      'peckish',
      'food delivery',
    ],
  },
  { name: 'egg-croissant', tags: ['brekkie', 'brekky', 'brunch', 'morning meal'] },
  // Money.
  { name: 'money-cash-banknote', tags: ['dosh', 'moolah', 'wonga', 'readies', 'dinero', 'spondulicks', 'greenbacks'] },
  // Getting about.
  { name: 'bike-bicycle', tags: ['pushbike', 'pedal bike', 'pedal cycle', 'bmx', 'mtb'] },
  {
    name: 'taxi-cab',
    tags: ['minicab', 'rideshare', 'ride hailing'],
  },
  { name: 'truck-pickup', tags: ['ute', 'bakkie'] },
  { name: 'subway-train', tags: ['the tube', 'tube station', 'tube train', 'underground station', 'u bahn', 'el train'] },
  { name: 'gas-station-fuel', tags: ['servo', 'filling station', 'petrol pump', 'refuel'] },
  {
    name: 'police-siren',
    tags: [
      'cop',
      'cops',
      'bobby',
      'the fuzz',
      'fuzz',
      'the feds',
      'popo',
      'policeman',
      'policewoman',
      'police officer',
      'constable',
      'cop car',
      'law enforcement',
    ],
  },
  { name: 'phone', tags: ['phone booth', 'telephone booth', 'payphone'] },
  // Health.
  {
    name: 'syringe-vaccine',
    tags: [
      'jab',
      'jabs',
      'the jab',
      'vax',
      'vaxxed',
      'vaccination',
      'vaccinated',
      'immunization',
      'immunisation',
      'booster',
      'booster shot',
      'flu shot',
      'flu jab',
    ],
  },
  {
    name: 'pill-pills-medicine',
    tags: [
      'meds',
      'medication',
      'medications',
      'painkiller',
      'painkillers',
      'paracetamol',
      'aspirin',
      'ibuprofen',
      'antibiotics',
      'vitamins',
      'drugstore',
      'chemist',
      'pharmacist',
    ],
  },
  { name: 'cigarette-smoking', tags: ['ciggie', 'ciggy', 'ciggies', 'cig', 'cigs', 'smokes', 'tobacco', 'smoking area'] },
  // Animals.
  { name: 'dog', tags: ['doggo', 'pupper', 'pooch', 'mutt', 'doggy', 'doggie', 'pup', 'hound', 'canine', 'woof'] },
  { name: 'cat', tags: ['moggy', 'moggie', 'kitty cat', 'pussycat', 'puss', 'feline', 'meow'] },
  // Pastimes.
  { name: 'soccer', tags: ['footie', 'footy', 'kickabout', 'futbol', 'futebol'] },
  { name: 'mail-mailbox', tags: ['postie', 'mailman', 'mail carrier', 'postal worker', 'mail delivery'] },
  { name: 'map-pin', tags: ['postcode', 'post code', 'postal code', 'zip code', 'zipcode'] },
  { name: 'video', tags: ['vid', 'vids', 'vlog', 'vlogs', 'vlogger'] },
  { name: 'jacket-coat', tags: ['raincoat', 'anorak', 'parka', 'overcoat', 'rain jacket', 'outerwear', 'blazer', 'windbreaker'] },
];
