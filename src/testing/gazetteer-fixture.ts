import type { Gazetteer } from "@/domain/geo/gazetteer";

/**
 * A few rows of src/data/gazetteer/places-it.json, as generated: homonyms (San Giovanni, Piazza),
 * exonyms, accents, apostrophes, names that start with a street word, hamlets named like address words.
 */
export const GAZETTEER_FIXTURE: Gazetteer = [
  ["Bari", "BA", 41.1207, 16.8698, 280000],
  ["Borgo San Lorenzo", "FI", 43.9555, 11.3856, 9700],
  ["Bosco", "PD", 45.4434, 11.7953, 1700],
  ["Brennero", "BZ", 46.9381, 11.4425, 2100, ["Brenner"]],
  ["Centro", "TO", 45.0712, 7.6838, 0],
  ["Cologno Monzese", "MI", 45.53, 9.278, 46000],
  ["Forlì", "FC", 44.2218, 12.0414, 94000],
  ["L'Aquila", "AQ", 42.3506, 13.3995, 34000],
  ["Milano", "MI", 45.4643, 9.1895, 1200000, ["Milan"]],
  ["Milano Marittima", "RA", 44.2741, 12.3517, 1500],
  ["Milazzo", "ME", 38.2201, 15.2402, 32000],
  ["Monza", "MB", 45.5801, 9.2725, 120000],
  ["Piazza", "BS", 45.5873, 10.1553, 14000],
  ["Piazza", "TN", 45.877, 11.1581, 290],
  ["Piazza Armerina", "EN", 37.3842, 14.3692, 18000],
  ["Reggio Calabria", "RC", 38.1105, 15.6613, 170000],
  ["Reggio nell'Emilia", "RE", 44.6983, 10.6313, 130000, ["Reggio Emilia"]],
  ["Roma", "RM", 41.8919, 12.5113, 2300000, ["Rome"]],
  ["San Donà di Piave", "VE", 45.6302, 12.5681, 33000],
  ["San Giovanni", "CT", 37.7354, 15.1589, 1800],
  ["San Giovanni", "PN", 46.021, 12.5156, 1400],
  ["San Giovanni", "SV", 44.3937, 8.497, 320],
  ["Sant'Elena", "PD", 45.1874, 11.7117, 1600],
  ["Santa Maria Capua Vetere", "CE", 41.0816, 14.2534, 32000],
  ["Sesto", "BZ", 46.7022, 12.3496, 900],
  ["Sesto Calende", "VA", 45.7261, 8.634, 8400],
  ["Sesto Fiorentino", "FI", 43.8319, 11.1992, 46000],
  ["Sesto San Giovanni", "MI", 45.5333, 9.2259, 77000],
  ["Torino", "TO", 45.0705, 7.6868, 870000, ["Turin"]],
  ["Villa San Giovanni", "RC", 38.2199, 15.6369, 14000],
];
