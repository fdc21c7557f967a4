/**
 * Other names of well-known cities, by GeoNames id. The embedded city list carries one name per
 * place (GeoNames' English or local one), so a visitor typing the local name ("München", "Wien")
 * or a common English or older one ("Cologne", "Bombay") would otherwise find only its suburbs.
 * Matched folded, like every name: "Muenchen" is listed because "ü" folds to "u", not "ue".
 */
export const ALTERNATE_NAMES: Readonly<Record<number, readonly string[]>> = {
  2867714: ['München', 'Muenchen', 'Monaco di Baviera'], // Munich
  2886242: ['Cologne', 'Koeln', 'Colonia'], // Köln
  2861650: ['Nuremberg', 'Nuernberg'], // Nürnberg
  2910831: ['Hanover'], // Hannover
  2761369: ['Wien', 'Vienne', 'Viena'], // Vienna
  3067696: ['Praha', 'Prag'], // Prague
  3169070: ['Roma', 'Rom'], // Rome
  3173435: ['Milano', 'Mailand'], // Milan
  3172394: ['Napoli', 'Neapel'], // Naples
  3165524: ['Torino', 'Turin'], // Turin
  3176959: ['Firenze', 'Florenz'], // Florence
  3164603: ['Venezia', 'Venedig'], // Venice
  3176219: ['Genova', 'Genua'], // Genoa
  2510911: ['Seville'], // Sevilla
  2267057: ['Lisboa', 'Lissabon'], // Lisbon
  2735943: ['Oporto'], // Porto
  756135: ['Warszawa', 'Warschau'], // Warsaw
  3094802: ['Cracow', 'Krakau'], // Kraków
  3081368: ['Breslau'], // Wrocław
  3099434: ['Danzig'], // Gdańsk
  524901: ['Moskva', 'Moskau', 'Москва'], // Moscow
  498817: ['St Petersburg', 'Sankt-Peterburg', 'Санкт-Петербург'], // Saint Petersburg
  703448: ['Kiev', 'Kyjiw', 'Київ'], // Kyiv
  698740: ['Odesa'], // Odessa
  702550: ['Lvov', 'Lemberg', 'Львів'], // Lviv
  2618425: ['København', 'Kopenhagen'], // Copenhagen
  2711537: ['Gothenburg'], // Göteborg
  2800866: ['Bruxelles', 'Brussel', 'Brüssel'], // Brussels
  2803138: ['Antwerp', 'Anvers'], // Antwerpen
  2797656: ['Ghent', 'Gand'], // Gent
  2792413: ['Luik', 'Lüttich'], // Liège
  2660646: ['Geneva', 'Genf', 'Ginevra'], // Genève
  2661604: ['Bâle', 'Basilea'], // Basel
  2661552: ['Berne'], // Bern
  2747373: ['Den Haag', "'s-Gravenhage"], // The Hague
  264371: ['Athína', 'Athen', 'Αθήνα'], // Athens
  734077: ['Salonica', 'Θεσσαλονίκη'], // Thessaloníki
  683506: ['București', 'Bukarest'], // Bucharest
  792680: ['Beograd', 'Belgrad'], // Belgrade
  745044: ['İstanbul', 'Constantinople'], // Istanbul
  360630: ['Al Qāhirah', 'Kairo', 'القاهرة'], // Cairo
  1816670: ['Peking', '北京'], // Beijing
  1809858: ['Canton', '广州'], // Guangzhou
  1275339: ['Bombay'], // Mumbai
  1275004: ['Calcutta'], // Kolkata
  1264527: ['Madras'], // Chennai
  1277333: ['Bangalore'], // Bengaluru
  1850147: ['Tōkyō', '東京'], // Tokyo
  1853909: ['Ōsaka', '大阪'], // Osaka
  1857910: ['Kyōto', '京都'], // Kyoto
  1835848: ['서울'], // Seoul
  3530597: ['Ciudad de México', 'CDMX', 'Mexiko-Stadt'], // Mexico City
  658225: ['Helsingfors'], // Helsinki
  2964574: ['Baile Átha Cliath'], // Dublin
  2643743: ['Londres', 'Londra'], // London
  2995469: ['Marseilles'], // Marseille
  2996944: ['Lyons'], // Lyon
  1566083: ['Saigon', 'Sài Gòn'], // Ho Chi Minh City
  1298824: ['Rangoon'], // Yangon
  1526384: ['Alma-Ata'], // Almaty
  2542997: ['Marrakech'], // Marrakesh
  1609350: ['Krung Thep', 'กรุงเทพมหานคร'], // Bangkok
};
