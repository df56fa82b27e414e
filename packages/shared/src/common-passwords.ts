/**
 * Passwords too common to accept (decision 021), checked by `isCommonPassword`.
 *
 * Where the entries come from:
 * - SECLISTS: the first 1,976 lines of `Passwords/Common-Credentials/10k-most-common.txt` in SecLists
 *   (github.com/danielmiessler/SecLists, commit 4f84b3c2, MIT licence), in their order, unmodified.
 * - SPANISH: written for this project: Spanish and Colombian words people build passwords from (cities and
 *   departments, football clubs, first names and surnames, terms of endearment and faith, EPS names, clinic words)
 *   and keyboard walks and digit runs that reach 12 characters.
 * The words are compared after `normalizePassword` (lower case, accents and spaces removed), so "Contraseña" and
 * "contrasena" are one entry; `isCommonPassword` also strips digits and symbols around a word, so "colombia123",
 * "Medellin2024!" and "2024medellin" are caught by the entries "colombia" and "medellin".
 */
const SECLISTS = `
password 123456 12345678 1234 qwerty 12345 dragon pussy baseball football letmein monkey 696969 abc123 mustang
michael shadow master jennifer 111111 2000 jordan superman harley 1234567 fuckme hunter fuckyou trustno1
ranger buster thomas tigger robert soccer fuck batman test pass killer hockey george charlie andrew michelle
love sunshine jessica asshole 6969 pepper daniel access 123456789 654321 joshua maggie starwars silver william
dallas yankees 123123 ashley 666666 hello amanda orange biteme freedom computer sexy thunder nicole ginger
heather hammer summer corvette taylor fucker austin 1111 merlin matthew 121212 golfer cheese princess martin
chelsea patrick richard diamond yellow bigdog secret asdfgh sparky cowboy camaro anthony matrix falcon
iloveyou bailey guitar jackson purple scooter phoenix aaaaaa morgan tigers porsche mickey maverick cookie
nascar peanut justin 131313 money horny samantha panties steelers joseph snoopy boomer whatever iceman smokey
gateway dakota cowboys eagles chicken dick black zxcvbn please andrea ferrari knight hardcore melissa compaq
coffee booboo bitch johnny bulldog xxxxxx welcome james player ncc1701 wizard scooby charles junior internet
bigdick mike brandy tennis blowjob banana monster spider lakers miller rabbit enter mercedes brandon steven
fender john yamaha diablo chris boston tiger marine chicago rangers gandalf winter bigtits barney edward
raiders porn badboy blowme spanky bigdaddy johnson chester london midnight blue fishing 000000 hannah slayer
11111111 rachel sexsex redsox thx1138 asdf marlboro panther zxcvbnm arsenal oliver qazwsx mother victoria
7777777 jasper angel david winner crystal golden butthead viking jack iwantu shannon murphy angels prince
cameron girls madison wilson carlos hooters willie startrek captain maddog jasmine butter booger angela golf
lauren rocket tiffany theman dennis liverpoo flower forever green jackie muffin turtle sophie danielle
redskins toyota jason sierra winston debbie giants packers newyork jeremy casper bubba 112233 sandra lovers
mountain united cooper driver tucker helpme fucking pookie lucky maxwell 8675309 bear suckit gators 5150
222222 shithead fuckoff jaguar monica fred happy hotdog tits gemini lover xxxxxxxx 777777 canada nathan victor
florida 88888888 nicholas rosebud metallic doctor trouble success stupid tomcat warrior peaches apples fish
qwertyui magic buddy dolphins rainbow gunner 987654 freddy alexis braves cock 2112 1212 cocacola xavier
dolphin testing bond007 member calvin voodoo 7777 samson alex apollo fire tester walter beavis voyager peter
porno bonnie rush2112 beer apple scorpio jonathan skippy sydney scott red123 power gordon travis beaver star
jackass flyers boobs 232323 zzzzzz steve rebecca scorpion doggie legend ou812 yankee blazer bill runner birdie
bitches 555555 parker topgun asdfasdf heaven viper animal 2222 bigboy 4444 arthur baby private godzilla donald
williams lifehack phantom dave rock august sammy cool brian platinum jake bronco paul mark frank heka6w2
copper billy cumshot garfield willow cunt little carter slut albert 69696969 kitten super jordan23 eagle1
shelby america 11111 jessie house free 123321 chevy bullshit white broncos horney surfer nissan 999999 saturn
airborne elephant marvin shit action adidas qwert kevin 1313 explorer walker police christin december benjamin
wolf sweet therock king online dickhead brooklyn teresa cricket sharon dexter racing penis gregory 0000 teens
redwings dreams michigan hentai magnum 87654321 nothing donkey trinity digital 333333 stella cartman guinness
123abc speedy buffalo kitty pimpin eagle einstein kelly nelson nirvana vampire xxxx playboy louise pumpkin
snowball test123 girl sucker mexico beatles fantasy ford gibson celtic marcus cherry cassie 888888 natasha
sniper chance genesis hotrod reddog alexande college jester passw0rd bigcock smith lasvegas carmen slipknot
3333 death kimberly 1q2w3e eclipse 1q2w3e4r stanley samuel drummer homer montana music aaaa spencer jimmy
carolina colorado creative hello1 rocky goober friday bollocks scotty abcdef bubbles hawaii fluffy mine
stephen horses thumper 5555 pussies darkness asdfghjk pamela boobies buddha vanessa sandman naughty douglas
honda matt azerty 6666 shorty money1 beach loveme 4321 simple poohbear 444444 badass destiny sarah denise
vikings lizard melanie assman sabrina nintendo water good howard time 123qwe november xxxxx october leather
bastard young 101010 extreme hard password1 vincent pussy1 lacrosse hotmail spooky amateur alaska badger
paradise maryjane poop crazy mozart video russell vagina spitfire anderson norman eric cherokee cougar barbara
long 420420 family horse enigma allison raider brazil blonde jones 55555 dude drowssap jeff school marshall
lovely 1qaz2wsx jeffrey caroline franklin booty molly snickers leslie nipples courtney diesel rocks eminem
westside suzuki daddy passion hummer ladies zachary frankie elvis reggie alpha suckme simpson patricia 147147
pirate tommy semperfi jupiter redrum freeuser wanker stinky ducati paris natalie babygirl bishop windows
spirit pantera monday patches brutus houston smooth penguin marley forest cream 212121 flash maximus nipple
bobby bradley vision pokemon champion fireman indian softball picard system clinton cobra enjoy lucky1 claire
claudia boogie timothy marines security dirty admin wildcats pimp dancer hardon veronica fucked abcd1234
abcdefg ironman wolverin remember great freepass bigred squirt justice francis hobbes kermit pearljam mercury
domino 9999 denver brooke rascal hitman mistress simon tony bbbbbb friend peekaboo naked budlight electric
sluts stargate saints bondage brittany bigman zombie swimming duke qwerty1 babes scotland disney rooster
brenda mookie swordfis candy duncan olivia hunting blink182 alicia 8888 samsung bubba1 whore virginia general
passport aaaaaaaa erotic liberty arizona jesus abcd newport skipper rolltide balls happy1 galore christ weasel
242424 wombat digger classic bulldogs poopoo accord popcorn turkey jenny amber bunny mouse 007007 titanic
liverpool dreamer everton friends chevelle carrie gabriel psycho nemesis burton pontiac connor eatme lickme
roland cumming mitchell ireland lincoln arnold spiderma patriots goblue devils eugene empire asdfg cardinal
brown shaggy froggy qwer kawasaki kodiak people phpbb light 54321 kramer chopper hooker honey whynot lesbian
lisa baxter adam snake teen ncc1701d qqqqqq airplane britney avalon sandy sugar sublime stewart wildcat raven
scarface elizabet 123654 trucks wolfpack pervert lawrence raymond redhead american alyssa bambam movie woody
shaved snowman tiger1 chicks raptor 1969 stingray shooter france stars madmax kristen sports jerry 789456
garcia simpsons lights ryan looking chronic alison hahaha packard hendrix perfect service spring srinivas
spike katie 252525 oscar brother bigmac suck single cannon georgia popeye tattoo texas party bullet taurus
sailor wolves panthers japan strike flowers pussycat chris1 loverboy berlin sticky marina tarheels fisher
russia connie wolfgang testtest mature bass catch22 juice michael1 nigger 159753 women alpha1 trooper hawkeye
head freaky dodgers pakistan machine pyramid vegeta katana moose tinker coyote infinity inside pepsi letmein1
bang control hercules morris james1 tickle outlaw browns billybob pickle test1 michele antonio sucks pavilion
changeme caesar prelude tanner adrian darkside bowling wutang sunset robbie alabama danger zeppelin juan rusty
pppppp nick 2001 ping darkstar madonna qwe123 bigone casino cheryl charlie1 mmmmmm integra wrangler apache
tweety qwerty12 bobafett simone none business sterling trevor transam dustin harvey england 2323 seattle
ssssss rose harry openup pandora pussys trucker wallace indigo storm malibu weed review babydoll doggy dilbert
pegasus joker catfish flipper valerie herman fuckit detroit kenneth cheyenne bruins stacey smoke joey seven
marino fetish xfiles wonder stinger pizza babe pretty stealth manutd gracie gundam cessna longhorn presario
mnbvcxz wicked mustang1 victory 21122112 shelly awesome athena q1w2e3r4 help holiday knicks street redneck
12341234 casey gizmo scully dragon1 devildog triumph eddie bluebird shotgun peewee ronnie angel1 daisy special
metallica madman country impala lennon roscoe omega access14 enterpri miranda search smitty blizzard unicorn
tight rick ronald asdf1234 harrison trigger truck danny home winnie beauty thailand 1234567890 cadillac castle
tyler bobcat buddy1 sunny stones asian freddie chuck butt loveyou norton hellfire hotsex indiana short panzer
lonewolf trumpet colors blaster 12121212 fireball logan precious aaron elaine jungle atlanta gold corona
curtis nikki polaris timber theone baller chipper orlando island skyline dragons dogs benson licker goldie
engineer kong pencil basketba open hornet world linda barbie chan farmer valentin wetpussy indians larry
redman foobar travel morpheus bernie target 141414 hotstuff photos laura savage holly rocky1 fuck_inside
dollar turbo design newton hottie moon 202020 blondes 4128 lestat avatar future goforit random abgrtyu jjjjjj
cancer q1w2e3 smiley goldberg express virgin zipper wrinkle1 stone andy babylon dong powers consumer dudley
monkey1 serenity samurai 99999999 bigboobs skeeter lindsay joejoe master1 aaaaa chocolat christia birthday
stephani tang 1234qwer alfred ball 98765432 maria sexual maxima 77777777 sampson buckeye highland kristin
seminole reaper bassman nugget lucifer airforce nasty watson warlock 2121 philip always dodge chrissy burger
bird snatch missy pink gang maddie holmes huskers piglet photo joanne hamilton dodger paladin christy chubby
buckeyes hamlet abcdefgh bigfoot sunday manson goldfish garden deftones icecream blondie spartan julie harold
charger brandi stormy sherry pleasure juventus rodney galaxy holland escort zxcvb planet jerome wesley blues
song peace david1 ncc1701e 1966 51505150 cavalier gambit karen sidney ripper oicu812 jamie sister marie martha
nylons aardvark nadine minnie whiskey bing plastic anal babylon5 chang savannah loser racecar insane yankees1
mememe hansolo chiefs fredfred freak frog salmon concrete yvonne zxcv shamrock atlantis warren wordpass julian
mariah rommel 1010 harris predator sylvia massive cats sammy1 mister stud marathon rubber ding trunks desire
montreal justme faster kathleen irish 1999 bertha jessica1 alpine sammie diamonds tristan 00000 swinger shan
stallion pitbull letmein2 roberto ready april palmer ming shadow1 audrey chong clitoris wang shirley fuckers
jackoff bluesky sundance renegade hollywoo 151515 bernard wolfman soldier picture pierre ling goddess manager
nikita sweety titans hang fang ficken niners bottom bubble hello123 ibanez webster sweetpea stocking 323232
tornado lindsey content bruce buck aragorn griffin chen campbell trojan christop newman wayne tina rockstar
father geronimo pascal crimson brooks hector penny anna google camera chandler fatcat lovelove cody cunts
waters stimpy finger cindy wheels viper1 latin robin greenday 987654321 creampie brendan hiphop willy snapper
funtime duck trombone adult cotton cookies kaiser mulder westham latino jeep ravens aurora drizzt madness
energy kinky 314159 sophia stefan slick rocker 55555555 freeman french mongoose speed dddddd hong henry hungry
yang catdog cheng ghost gogogo randy tottenha curious butterfl mission january singer sherman shark techno
lancer lalala autumn chichi orion trixie clifford delta bobbob bomber holden kang kiss 1968 spunky liquid mary
beagle granny network bond kkkkkk millie 1973 biggie beetle teacher susan toronto anakin genius dream cocks
dang bush karate snakes bangkok callie fuckyou2 pacific daytona kelsey infantry skywalke foster felix sailing
raistlin vanhalen huang herbert jacob blackie tarzan strider sherlock lang gong sang dietcoke ultimate tree
shai sprite ting artist chai chao devil python ninja misty ytrewq sweetie superfly 456789 tian jing jesus1
freedom1 dian drpepper potter chou darren hobbit violet yong shen phillip maurice gloria nolimit mylove
biscuit yahoo shasta sex4me smoker smile pebbles pics philly tong tintin lesbians marlin cactus frank1 tttttt
chun danni emerald showme pirates lian dogg colleen xiao xian tazman tanker patton toshiba richie alberto
gotcha graham dillon rang emily keng jazz bigguy yuan woman tomtom marion greg chaos fossil flight racerx tuan
creamy boss bobo musicman warcraft window blade shuang sheila shun lick jian microsoft rong allen feng getsome
sally quality kennedy morrison 1977 beng wwwwww yoyoyo zhang seng teddy joanna andreas harder luke qazxsw qian
cong chuan deng nang boeing keeper western isabelle 1963 subaru sheng thuglife teng jiong miao martina mang
maniac pussie tracey a1b2c3 clayton zhou zhuang xing stonecol snow spyder liang jiang memphis regina ceng
magic1 logitech chuang dark million blow sesame shao poison titty terry kuan kuai kyle mian guan hamster guai
ferret florence geng duan pang maiden quan velvet nong neng nookie buttons bian bingo biao zhong zeng xiong
zhun ying zong xuan zang 0.0.000 suan shei shui sharks shang shua small peng pian piao liao meng miami reng
guang cang change ruan diao luan lucas qing chui chuo cuan nuan ning heng huan kansas muscle monroe weng
whitney 1passwor bluemoon zhui zhua xiang zheng zhen zhei zhao zhan yomama zhai zhuo zuan tarheel shou shuo
tiao lady leonard leng kuang jiao 13579 basket qiao qiong qiang chuai nian niao niang huai 22222222 bianca
zhuan zhuai shuan shuai stardust jumper margaret archie 66666666 charlott forget qwertz bones history milton
waterloo 2002 stuff 11223344 office oldman preston trains murray vertigo 246810 black1 swallow smiles standard
alexandr parrot luther user nicolas 1976 surfing pioneer pete masters apple1 asdasd auburn hannibal frontier
panama lucy buffy brianna welcome1 vette blue22 shemale 111222 baggins groovy global turner 181818 1979 blades
spanking life byteme lobster collins dawg hilton japanese 1970 1964 2424 polo markus coco deedee mikey 1972
171717 1701 strip jersey green1 capital sasha sadie putter vader
`;

const SPANISH = `
contraseña contrasena micontraseña micontrasena nuevacontraseña clave miclave clavesegura nuevaclave
clavenueva cambiarclave cambiame cambiar cambio secreto misecreto acceso entrar ingresar ingreso bienvenido
bienvenida hola holahola holamundo holaquetal administrador administracion admin usuario usuarios sistema
soporte prueba pruebas temporal inicio colombia colombiano colombiana colombia123 bogota bogotadc medellin
medellin2024 cali barranquilla cartagena bucaramanga pereira manizales cucuta ibague santamarta villavicencio
pasto neiva armenia popayan monteria valledupar sincelejo tunja riohacha quibdo florencia yopal leticia soacha
bello itagui envigado palmira soledad antioquia cundinamarca valledelcauca atlantico santander boyaca tolima
huila caldas risaralda quindio narino cauca cordoba cesar sucre guajira choco meta caqueta casanare amazonas
nacional atleticonacional millonarios americadecali america juniorfc santafe independientesantafe
deportivocali oncecaldas medellindim dim tolimadeportes seleccioncolombia seleccion futbol futbolista golazo
campeon campeones james falcao cuadrado shakira maluma karolg jbalvin carlosvives vallenato cumbia salsa
champeta reggaeton tequiero teamo teamomucho amor amorcito amoreterno miamor mivida mividaeres micielo corazon
micorazon corazoncito princesa princesita reina mireina rey mirey bebe bebito bebita nena nene chiquita gordo
gorda flaca flaco hermosa hermoso bonita bonito linda lindo preciosa precioso angelito angelita angel jesus
jesucristo diosteama diosesamor diosmio dios gracias graciasdios bendicion bendiciones virgen virgenmaria
aleluya amen esperanza fe fuerza maria mariajose mariafernanda mariacamila mariapaula jose josemaria juan
juanjose juancarlos juanpablo juandavid juanesteban juanfelipe juancamilo andres andresfelipe felipe santiago
sebastian alejandro alejandra daniela valentina camila sofia isabella mariana natalia paula carolina catalina
laura andrea juliana gabriela luisa luis luisfernando carlos carlosandres jorge diego david daniel nicolas
camilo julian mateo samuel tomas martin lucas manuel ricardo fernando eduardo francisco pedro pablo miguel
miguelangel antonio alberto jairo jaime oscar wilson yolanda gloria martha patricia claudia sandra adriana
liliana diana paola lorena marcela carmen rosa blanca luz luzmarina gonzalez rodriguez gomez lopez martinez
garcia perez sanchez ramirez torres diaz hernandez vargas castro rojas moreno ortiz jimenez munoz suarez
alvarez romero herrera medina aguilar restrepo osorio cardenas mejia rios cafe cafetero cafecolombiano
aguardiente guaro arepa arepas bandejapaisa sancocho tinto panela empanada chicharron paisa rolo costeno
llanero ips ipssalud clinica clinica123 hospital salud saludtotal saludintegral medico medica medicina doctor
doctora enfermera enfermero enfermeria paciente pacientes cita citas agenda agendas recepcion consulta
urgencias laboratorio farmacia eps sura epssura sanitas nuevaeps compensar famisanar coomeva colsanitas
colmedica cafesalud saludcoop medimas sisben cedula historiaclinica lunes martes miercoles jueves viernes
sabado domingo enero febrero marzo abril mayo junio julio agosto septiembre setiembre octubre noviembre
diciembre primavera verano otono invierno navidad perro gato perrito gatito perrita gatita mascota firulais
lucas tobby toby max rocky luna kira lola nena pelusa familia mifamilia familiafeliz hijo hija hijos mishijos
mihijo mihija mama papa mami papi mamita papito mamiypapi abuela abuelo abuelita abuelito hermano hermana
hermanito hermanita amigo amiga amigos amistad feliz felicidad alegria libertad victoria estrella estrellita
luna sol cielo mar tierra fuego agua paz pazyamor vida vidamia suerte exito dinero plata mariposa flor rosa
girasol verde azul rojo amarillo negro blanco morado rosado naranja gris qwertyuiop qwertyuiopasdfghjkl
asdfghjkl asdfghjklñ zxcvbnm qwertyuiop123 1q2w3e4r5t 1q2w3e4r5t6y q1w2e3r4t5y6 1qaz2wsx3edc 1qaz2wsx3edc4rfv
zaq12wsxcde3 qazwsxedc qazwsxedcrfv qweasdzxc poiuytrewq mnbvcxzlkjhgfdsa 123456789012 1234567890123
12345678901234 123456789123 1234512345 123456123456 000000000000 111111111111 123123123123 112233445566
121212121212 098765432109 abcdefghijkl abcdefghijklmn abc123456789 abcd12345678 password123456 password1234
passwordpassword administrator iloveyousomuch letmein12345 welcome12345 trustno1trustno1
`;

/** Lower case, accents and ñ folded (contraseña → contrasena), every space removed. */
export function normalizePassword(value: string): string {
  return value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, '');
}

let words: Set<string> | null = null;
function commonWords(): Set<string> {
  words ??= new Set(`${SECLISTS}\n${SPANISH}`.split(/\s+/).filter(Boolean).map(normalizePassword));
  return words;
}

// The substitutions every cracking rule set tries first.
const LEET: Record<string, string> = {
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '@': 'a',
  $: 's',
};
const unleet = (s: string) => s.replace(/[013457@$]/g, (c) => LEET[c]!);

/** Every character the previous one plus or minus one ("123456789012", "abcdefghijkl", "987654321098"). */
function isRun(s: string): boolean {
  const codes = [...s].map((c) => c.codePointAt(0)!);
  const step = (a: number, b: number) =>
    b - a === 1 || (a === 57 && b === 48) ? 1 : a - b === 1 || (a === 48 && b === 57) ? -1 : 0;
  const first = step(codes[0]!, codes[1]!);
  return first !== 0 && codes.every((c, i) => i === 0 || step(codes[i - 1]!, c) === first);
}

// Keyboard rows in order (ñ folds to n), so any stretch of them, forwards or backwards, is a walk.
const ROWS = '1234567890qwertyuiopasdfghjklnzxcvbnm';
const isWalk = (s: string) => s.length >= 6 && (ROWS.includes(s) || ROWS.includes([...s].reverse().join('')));

/** The same short unit or common word repeated ("aaaaaaaaaaaa", "holaholahola", "iloveyouiloveyou"). */
function isRepetition(s: string, common: Set<string>): boolean {
  for (let n = 1; n <= s.length / 2; n++) {
    if (s.length % n !== 0) continue;
    const unit = s.slice(0, n);
    if (unit.repeat(s.length / n) === s && (n <= 4 || common.has(unit))) return true;
  }
  return false;
}

/**
 * True for a password on the list, or a listed word with digits and symbols around it, a leetspeak spelling of
 * one (p@ssw0rd), a run of consecutive characters or a repetition. Length is checked by the schema, not here.
 */
export function isCommonPassword(value: string): boolean {
  const common = commonWords();
  const s = normalizePassword(value);
  if (s.length < 2) return s.length > 0;
  const core = s.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
  const candidates = [s, core, unleet(s), unleet(core).replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '')];
  if (candidates.some((c) => c && common.has(c))) return true;
  return (
    isRun(s) ||
    isWalk(s) ||
    isWalk(core) ||
    isRepetition(s, common) ||
    (core.length > 1 && isRepetition(core, common))
  );
}
