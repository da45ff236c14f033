"""Bessel family: bessel_j0 j1 y0 y1 and the spherical Bessel functions j0, j1.

Sources: Cephes j0.c/j1.c (Moshier 2000): the Y0/Y1 rationals on (0, 5]; polynomial
fits made here with mpmath (Chebyshev interpolants, 40-50 digits) for J0, J1 on
[0, 5], for Y0, Y1 around their first zeros, for the modulus and phase of
J + iY on x >= 5 (DLMF 10.18: J = M cos theta, Y = M sin theta, eight pieces in
1/x; tools/gen_bessel_phase.py), and Taylor polynomials about the first five
zeros of each function (zeros as double-doubles, DLMF 10.21), which give full
relative accuracy there; DLMF 10.49.3 for the spherical functions.
The phase x - k pi/4 is reduced Cody-Waite style with a three-part pi/4 (valid
to 4e8, libm's full reduction beyond), which keeps large-x values accurate.
"""
import math

import numpy as np

from specfun._registry import Arg, defun, helper
from specfun.families._tools import polevl, two_prod_err

_SQRT1_2 = 0.7071067811865476        # 1/sqrt(2)
_TWO_OVER_PI = 0.6366197723675814    # 2/pi
_FOUR_OVER_PI = 1.2732395447351628   # 4/pi
# pi/4 = _PIO4_1 + _PIO4_2 + _PIO4_3, the first two with 24 significant bits so
# that m * _PIO4_1 and m * _PIO4_2 are exact for integers m < 2**29 (mpmath).
_PIO4_1 = 0.7853981852531433
_PIO4_2 = -2.1855694143368964e-08
_PIO4_3 = -8.575622497214414e-16
# pi/4 - _PIO4_1 - _PIO4_2 = _PIO4_3A + _PIO4_4, the first with 24 significant bits (m * _PIO4_3A exact
# for m < 2**29), to ~2**-130 (mpmath): the four-part reduction of spherical_bessel_j0
_PIO4_3A = -8.575622550029409e-16
_PIO4_4 = 5.281499533493714e-24
_CW_LIMIT = 4.0e8                    # m = x/(pi/4) < 2**29 below this
_ROUND_MAGIC = 6755399441055744.0    # 1.5 * 2**52: (t + M) - M rounds t to an integer

# First zeros of J0 and J1 as double-doubles (hi + lo), mpmath besseljzero.
_J0_Z1_HI = 2.404825557695773
_J0_Z1_LO = -1.176691651530894e-16
_J0_Z2_HI = 5.520078110286311
_J0_Z2_LO = 8.088597146146722e-17
_J1_Z1_HI = 3.8317059702075125
_J1_Z1_LO = -1.5269184090088067e-16

# J0/((x - j01)(x - j02)) and J1/(x (x - j11)) on [0, 5] as even/odd-split polynomials in
# t = x - 2.5 (mpmath Chebyshev interpolants, 60 nodes, 50 digits, truncated below 1e-18; sum of
# |terms| <= 4.3x the value), the zeros as double-doubles.  One piece, no branch, no division:
# they replace Cephes' RP/RQ rationals (3.5 and 3.9 ulp) with <= 3.4 ulp.
_J0_SMALL_E = (-5.663768622197638e-20, 2.416851187889198e-17, -7.86419673247464e-15, 2.0176968941630763e-12,
               -3.961374198106631e-10, 5.706360574249752e-08, -5.688557074480562e-06, 0.0003595527062355514,
               -0.012418035363871673, 0.16832989280671087)
_J0_SMALL_O = (-1.6825344929275637e-21, 7.780818609895379e-19, -2.7677855200135136e-16, 7.83050920034844e-14,
               -1.7128319509493906e-11, 2.783945004603198e-09, -3.1814820661458236e-07, 2.352745093971837e-05,
               -0.0009767057372480146, 0.016509450648896865)
_J1_SMALL_E = (4.4789196163731145e-20, -1.919677526457045e-17, 6.280526054620864e-15, -1.6219027242498618e-12,
               3.209541064049389e-10, -4.668686811148531e-08, 4.7119744718862025e-06, -0.00030265903934748565,
               0.010682685368394777, -0.149310467501115)
_J1_SMALL_O = (-2.2458930298855246e-21, 1.038343015070596e-18, -3.6924117371744316e-16,
               1.0442369751662262e-13, -2.2830420983099363e-11, 3.7084470462414897e-09,
               -4.2345659059614796e-07, 3.128047920308655e-05, -0.001296497837918568, 0.02186154941559309)

# J0 on [0, 2.5] as a polynomial in x^2 - 3.125 (Chebyshev interpolant in x^2, 40 nodes, sum of
# |terms| = 1): the J0 factor of Y0's (2/pi) log(x) J0(x) term, absolutely accurate to ~1 ulp.
_J0_LOWZ = (6.745023020101927e-20, -2.6788244195036837e-17, 8.60229781688849e-15, -2.1780821930055498e-12,
            4.2088250850861296e-10, -5.946358805471008e-08, 5.788527864764718e-06, -0.0003555998863313035,
            0.01193331672821223, -0.16426307617654787, 0.3587193865008858)
# Cephes j0.c: Y0(x) - (2/pi) log(x) J0(x) = YP(x^2)/YQ(x^2) on [0, 5].
_Y0_YP = (1.55924367855235737965E4, -1.46639295903971606143E7, 5.43526477051876500413E9,
          -9.82136065717911466409E11, 8.75906394395366999549E13, -3.46628303384729719441E15,
          4.42733268572569800351E16, -1.84950800436986690637E16)
_Y0_YQ = (1.04128353664259848412E3, 6.26107330137134956842E5, 2.68919633393814121987E8,
          8.64002487103935000337E10, 2.02979612750105546709E13, 3.17157752842975028269E15,
          2.50596256172653059228E17)
# Cephes j1.c: Y1(x) - (2/pi)(J1(x) log x - 1/x) = x YP(x^2)/YQ(x^2) on [0, 5].
_Y1_YP = (1.26320474790178026440E9, -6.47355876379160291031E11, 1.14509511541823727583E14,
          -8.12770255501325109621E15, 2.02439475713594898196E17, -7.78877196265950026825E17)
_Y1_YQ = (5.94301592346128195359E2, 2.35564092943068577943E5, 7.34811944459721705660E7,
          1.87601316108706159478E10, 3.88231277496238566008E12, 6.20557727146953693363E14,
          6.87141087355300489866E16, 3.97270608116560655612E18)
# Modulus and phase for x >= 5 (DLMF 10.18): J_nu + i Y_nu = M e^{i theta}, with w = x M^2 and
# phi = theta - (x - (2 nu + 1) pi/4) as functions of t = 1/x on eight pieces [i/40, (i+1)/40]
# (i = 0..7: x in [5, 5.7], ..., [40, inf)), each a Chebyshev interpolant (40 nodes, 40 digits,
# mpmath; tools/gen_bessel_phase.py) in u = 2 (40 t - i) - 1 truncated to 9 terms (next coefficient
# < 1.3e-18 of w, < 8e-19 absolute for phi), as monomials in u, highest first, one row of 9 per piece.
# One division (1/x) and one square root instead of Cephes' four rationals (three divisions); the
# amplitude sqrt(w/x) halves the errors of w and 1/x.
_JY0_W = np.array((  # 8 rows (pieces) of 9
    3.898763797007226e-15, 3.4004592460407945e-14, -2.5455278243009022e-12,
    -1.576099277378467e-11, 3.238780300959161e-09, 1.3060851018127321e-08,
    -1.2414348880335833e-05, -2.4854861867533054e-05, 0.6366073416634795,
    9.714876525253896e-16, 7.420652959990674e-14, -1.7268863114901116e-12,
    -4.1963394081172246e-11, 2.9418545516761375e-09, 3.795883286772534e-08,
    -1.2260095444505834e-05, -7.425361678826861e-05, 0.6365081301895656,
    -1.2074098715178925e-15, 6.985753241564316e-14, -6.737630215611764e-13,
    -5.629612760740843e-11, 2.439941600405089e-09, 5.9581468835362236e-08,
    -1.1965458368402182e-05, -0.00012274800784908206, 0.6363109318709004,
    -1.6623496555369543e-15, 4.511306489488297e-14, 1.3999307905509622e-13,
    -5.914492559304556e-11, 1.8545826156617097e-09, 7.677808215828479e-08,
    -1.1554031751512101e-05, -0.00016982138864041394, 0.6360180878765647,
    -1.2739490872126997e-15, 2.1110676927630704e-14, 5.954182809805407e-13,
    -5.439431810546938e-11, 1.2823478191240859e-09, 8.92936812720312e-08,
    -1.1053523896273276e-05, -0.00021506151820763626, 0.6356328709919308,
    -7.55412419855989e-16, 4.957958247413258e-15, 7.672453095970666e-13,
    -4.599254655421441e-11, 7.787153256182604e-10, 9.748162117247584e-08,
    -1.0491182106872267e-05, -0.00025816728351709084, 0.6351592670268184,
    -3.6351030548332725e-16, -3.779054009991361e-15, 7.674934534649613e-13,
    -3.666268586765978e-11, 3.6545169130656703e-10, 1.019959287200258e-07,
    -9.891096417468145e-06, -0.0002989408442090071, 0.6346017586215618,
    -1.2491644475861698e-16, -7.505874594956144e-15, 6.836413036773502e-13,
    -2.7904449847854336e-11, 4.346361306645957e-11, 1.0357313350811494e-07,
    -9.273101959440078e-06, -0.00033727237197815927, 0.6339651332374721,
))
_JY0_PHI = np.array((  # 8 rows (pieces) of 9
    -1.4604146284506606e-15, 7.16929354317036e-14, 5.323412687313746e-13,
    -6.233700761919671e-11, -3.1706693154651036e-10, 1.265197368433492e-07,
    3.8083180275143774e-07, -0.0015621188495071555, -0.0015623729073023281,
    -2.695309684795901e-15, 3.484449197321504e-14, 1.3033221953072311e-12,
    -5.07921071448858e-11, -8.904695958864167e-10, 1.2161190905754652e-07,
    1.1275265718640652e-06, -0.001559092285906549, -0.004684082146228904,
    -1.8384094254820543e-15, -2.970233124329057e-15, 1.508316260830996e-12,
    -3.338649117935058e-11, -1.3133773129358558e-09, 1.1267976637664375e-07,
    1.832094829278008e-06, -0.0015531551319936927, -0.0077967995021559836,
    -6.443349358310439e-16, -2.2432959473144722e-14, 1.3058989557030613e-12,
    -1.623040556840177e-11, -1.5593910981646918e-09, 1.0107395865764144e-07,
    2.474338388020574e-06, -0.001544519007988338, -0.010894901935399014,
    7.33997112662702e-17, -2.6288857102227748e-14, 9.502235392093013e-13,
    -2.642642463626411e-12, -1.6501722354477748e-09, 8.814505370933348e-08,
    3.0423556736809653e-06, -0.0015334597257830724, -0.013973259395229393,
    3.4264049856067135e-16, -2.2508865034550056e-14, 6.032095460255037e-13,
    6.623167116828269e-12, -1.6267894254423954e-09, 7.497550900321867e-08,
    3.5316210432572096e-06, -0.0015202854085932965, -0.017027330693516963,
    3.707820711379601e-16, -1.660266725512504e-14, 3.288979787784109e-13,
    1.2132304498305025e-11, -1.530268042305124e-09, 6.231066330861949e-08,
    3.943091279171115e-06, -0.0015053106396299024, -0.020053201003334502,
    3.0682360202180284e-16, -1.1123862549683766e-14, 1.361387902811103e-13,
    1.4845583283017296e-11, -1.3934535386072502e-09, 5.0597791168696316e-08,
    4.281267845352384e-06, -0.0014888384884598625, -0.023047575509207493,
))
_JY1_W = np.array((  # 8 rows (pieces) of 9
    -5.047514087299269e-15, -4.382809992999036e-14, 3.577577168031989e-12,
    2.2093460843412502e-11, -5.408521357878535e-09, -2.1782219960497838e-08,
    3.72692107478727e-05, 7.458204533472873e-05, 0.6366570688469467,
    -1.416441365311493e-15, -9.719435763926162e-14, 2.514599809091005e-12,
    5.940045268185804e-11, -4.9902765786201225e-09, -6.362713363403619e-08,
    3.701130104059738e-05, 0.00022322685880087723, 0.6369550499156035,
    1.3966107321561546e-15, -9.442051863662451e-14, 1.115590778534015e-12,
    8.113051879059225e-11, -4.273522934622634e-09, -1.0082712435817967e-07,
    3.651505993821919e-05, 0.0003703540386439031, 0.6375489620248745,
    2.0971051611642664e-15, -6.420974962532062e-14, -8.744306548756814e-15,
    8.733927915460592e-11, -3.4199052389285868e-09, -1.3164164759323027e-07,
    3.5814230128714126e-05, 0.0005150742640485603, 0.6384348580044217,
    1.6924063638969927e-15, -3.316465435484279e-14, -6.818389337567124e-13,
    8.275814606572742e-11, -2.562703665453567e-09, -1.555409573018776e-07,
    3.49492481415661e-05, 0.0006566490066578048, 0.6396071583879822,
    1.0648810305867597e-15, -1.1144542270309546e-14, -9.790994488856815e-13,
    7.24844020107956e-11, -1.783542687904599e-09, -1.7285704036538657e-07,
    3.396093515388044e-05, 0.000794503977783482, 0.6410589706637487,
    5.608590952378308e-16, 1.621796844746948e-15, -1.0354578017645577e-12,
    6.021932510966067e-11, -1.1194797979144275e-09, -1.8438712666117748e-07,
    3.2886545972007096e-05, 0.0009282219673658808, 0.6427824132226011,
    2.3643938386049e-16, 7.779819463578117e-15, -9.630364570788203e-13,
    4.814306022104681e-11, -5.784044485569266e-10, -1.9109804194693063e-07,
    3.1757926757984e-05, 0.0010575243023883628, 0.6447689121936251,
))
_JY1_PHI = np.array((  # 8 rows (pieces) of 9
    1.913284571808199e-15, -1.0459190066133035e-13, -7.720378798534997e-13,
    1.1084468768440995e-10, 5.620202356272664e-10, -3.193066133391556e-07,
    -9.601741831759734e-07, 0.004686539261446332, 0.004687179678506154,
    3.636729595353038e-15, -5.5658328207466535e-14, -1.929026524224726e-12,
    9.393430809018727e-11, 1.5975512458175229e-09, -3.1055464310885686e-07,
    -2.8539094065029706e-06, 0.0046788935446896406, 0.014053875528852006,
    2.653430255650763e-15, -3.2114600306983777e-15, -2.320264981511541e-12,
    6.769551926773699e-11, 2.4095721630063893e-09, -2.9435022904606183e-07,
    -4.671875190735212e-06, 0.0046638094961280255, 0.02339779098052401,
    1.110761281684981e-15, 2.6547611295329567e-14, -2.1251183187685984e-12,
    4.0608097846058415e-11, 2.9490786029988104e-09, -2.7273449048203434e-07,
    -6.375285746426718e-06, 0.004641671870227677, 0.03270440824134278,
    1.004670261187317e-16, 3.537371818730932e-14, -1.6710594972871825e-12,
    1.771105306083616e-11, 3.2360951716109138e-09, -2.4784099028428143e-07,
    -7.938156579349698e-06, 0.004612995137426683, 0.04196011731526076,
    -3.419833165637306e-16, 3.2840985898444434e-14, -1.1846002188995538e-12,
    6.150393157609844e-13, 3.3228444032332276e-09, -2.2149131041663832e-07,
    -9.346496568125513e-06, 0.004578373086212329, 0.0511524244777469,
    -4.499731995923474e-16, 2.6210084054838707e-14, -7.690934788994952e-13,
    -1.1013070212281859e-11, 3.2666952614617265e-09, -1.9505575704914683e-07,
    -1.059590984554246e-05, 0.004538435371342011, 0.06027006584690596,
    -4.1074475589392103e-16, 1.92151524644032e-14, -4.519466096296979e-13,
    -1.824093136064984e-11, 3.117255396888534e-09, -1.694719000744743e-07,
    -1.1688892522097674e-05, 0.0044938145796935836, 0.06930304437287509,
))
# sin r = r + r^3 S(r^2) and cos r = 1 + r^2 C(r^2) on |r| <= 0.87 (pi/4 plus the largest phase
# correction 0.075): Chebyshev interpolants in r^2 (mpmath), next coefficient < 3e-19 relative;
# row 0 is C, row 1 is S (padded), so that the one needed is picked by index.
_JY_SC = np.array((
    4.73241311259611e-14, -1.1470167644457604e-11, 2.0876753289284273e-09, -2.7557319210869684e-07,
    2.480158730156204e-05, -0.0013888888888888866, 0.041666666666666664, -0.5,
    0.0, -7.573036150900536e-13, 1.6058273583032748e-10, -2.5052104413551457e-08,
    2.7557319213468755e-06, -0.0001984126984125658, 0.008333333333333326, -0.16666666666666666,
))

# Y0(x)/(x - y02) and Y1(x) on [2.5, 5] as polynomials in t = x - 3.75, split into even and odd
# parts E(t^2) + t O(t^2) (two short Horner chains): Chebyshev interpolants at 60 nodes with
# mpmath (50 digits) truncated below 1e-18, converted to monomials (well conditioned: the sum of
# |terms| is < 2x the value).  Cephes' YP/YQ cancel near x = 5 (up to 20 ulp); these stay within ~2.
_Y0_Z2_HI = 3.957678419314858        # second zero of Y0, double-double (mpmath besselyzero)
_Y0_Z2_LO = -1.0764340697562706e-16
_Y0_MID_E = (4.472570143169071e-14, 3.0432970116115434e-13, 6.212188066371166e-12, 9.525249580542713e-11,
             1.4983871012221057e-09, 3.003892084245543e-08, -2.0968968705524846e-07, 5.77067657899256e-05,
             -0.002351842975283559, 0.06221212670176825, -0.41052294821305585)
_Y0_MID_O = (-1.1735455937339118e-14, -7.453785796917389e-14, -1.5789930672085914e-12, -2.38716359918837e-11,
             -3.7999039622413254e-10, -6.371638583082217e-09, -7.163558667773184e-08, -4.46254479096344e-06,
             0.0001275238598117647, -0.004963902362175663, 0.025740908226321156)
_Y1_MID_E = (-7.909478650626666e-14, -3.669034295895465e-13, -8.181650117003679e-12, -1.0720442828584708e-10,
             -1.5077612746876373e-09, -2.0501558745648065e-08, -3.449854584619904e-07, 1.753313131176321e-06,
             -0.00041043478033613663, 0.011891634644576163, -0.18972906629393466, 0.4158687793452271)
_Y1_MID_O = (2.173757730923598e-14, 9.244962827656828e-14, 2.2084122413743233e-12, 2.8632420658855917e-11,
             4.0352495979004873e-10, 5.596286013148292e-09, 8.019397342319555e-08, 7.787402524276829e-07,
             3.535197412111697e-05, -0.0006932364594469519, 0.017901901322367617, -0.02564158418136452)

# Around the first zeros of Y0 (0.894, on [0.7, 1.1]) and Y1 (2.197, on [1.5, 2.5]), where
# R(x^2) + (2/pi) log(x) J(x) cancels: Y/(x - zero) as even/odd-split polynomials in
# t = x - 0.9 and t = x - 2 (same construction as _Y0_MID).
_Y0_LOW_E = (0.27640308837841254, 0.2031082591086374, 0.19351467557349958, 0.1848100966984046,
             0.18246014253876813, 0.1888345397268783, 0.21248910256645717, 0.21624932518914128,
             0.8762692023475884)
_Y0_LOW_O = (-0.29376705877154136, -0.21101879123109837, -0.19980133847466883, -0.18839077467790089,
             -0.18275535235461385, -0.18429710026959187, -0.19743743882137976, -0.22057994947312617,
             -0.4892734536122492)
_Y1_LOW_E = (7.571529859723009e-07, 2.0772656133607163e-06, 8.794377060427072e-06, 3.491613738282642e-05,
             0.00013896566311005177, 0.0005515559728538547, 0.0021155090347500646, 0.01076898959994591,
             -0.028062364725502623, 0.542922347616236)
_Y1_LOW_O = (-3.848958586757522e-07, -1.032236252872306e-06, -4.405976792002471e-06,
             -1.7488338758183593e-05, -6.968772953860918e-05, -0.00027690427977697764,
             -0.0010918507763069932, -0.004399209322069398, -0.011854577109436396, -0.10636806207075357)
# Spherical j1 on [2, 5], where (sin x/x - cos x)/x cancels (up to 3 ulp) and the first zero
# 4.4934 lies: j1(x)/(x - z1) as an even/odd-split polynomial in t = x - 3.5 (mpmath Chebyshev
# interpolant, 60 nodes, truncated below 1e-18; sum of |terms| < 1.4x the value); z1 (tan z = z)
# as a double-double.
_SJ1_Z1_HI = 4.493409457909064
_SJ1_Z1_LO = -3.322828416974956e-17
_SJ1_MID_E = (-1.378875416794433e-16, 4.302124073367116e-14, -1.0229465001999508e-11, 1.8360958075362509e-09,
              -2.3732704716012361e-07, 2.064419861141269e-05, -0.001087682979333959, 0.028721750601660632,
              -0.24050877116557884)
_SJ1_MID_O = (-5.80420478748346e-16, 1.5100512590472397e-13, -2.8736997014898125e-11, 3.89713441828974e-09,
              -3.459857504381113e-07, 1.7132551676834184e-05, -0.00029445989250419805,
              -0.0037820961835066304)

# Neighbourhoods of the first five zeros (|x - z| < 0.03, which covers 1e-3 relative): the zero as
# a double-double (hi, lo) and f(z + t)/t as a Taylor polynomial in t, highest first, from
# mpmath's derivatives at the zero (40 digits; padded with leading zeros to a common length).
# With t = (x - hi) - lo exact, the value keeps full relative accuracy at and near each zero.
_ZERO_W = 0.03
_INV_PI = 0.3183098861837907
_J0_ZH = (2.404825557695773, 5.520078110286311, 8.653727912911013, 11.791534439014281,
          14.930917708487787)
_J0_ZL = (-1.176691651530894e-16, 8.088597146146722e-17, -2.92812607320779e-16, 2.812956912778735e-16,
          -7.070514505983074e-16)
_J0_ZC = (
    (-5.304914383475941e-07, -4.338826288615807e-06, 4.372919272906665e-05, 0.00026437703675269815,
     -0.002194200359016156, -0.008657669593304914, 0.05660177443794623, 0.1079387017549201,
     -0.5191474972894667),
    (5.716490707927506e-07, 3.199786906827506e-06, -4.652109073974323e-05, -0.00017518572899415777,
     0.0022574402290329, 0.004631042145907645, -0.05298855286760463, -0.030820651425593648,
     0.34026480655836816),
    (-5.679379515505723e-07, -2.288391008904224e-06, 4.4823035445242025e-05, 0.00011243486789367745,
     -0.0020603351551259294, -0.002509302227210696, 0.04403377496341185, 0.015684124960953883,
     -0.27145229992838193),
    (5.425451742594352e-07, 1.6506463488870636e-06, -4.159284542308366e-05, -7.581358480996537e-05,
     0.0018420433388689763, 0.0016073972920896825, -0.03818600911162309, -0.009857064513825791,
     0.23245983136472478),
    (-5.106258736981608e-07, -1.233581034941374e-06, 3.83796585068177e-05, 5.484179219194773e-05,
     -0.0016680057255482191, -0.001137276252959842, 0.034115572697347434, 0.0069167360342686935,
     -0.20654643307799603),
)
_J1_ZH = (3.8317059702075125, 7.015586669815619, 10.173468135062722, 13.323691936314223,
          16.470630050877634)
_J1_ZL = (-1.5269184090088067e-16, -9.414165653410389e-17, 4.482162274768888e-16, 2.600408064718813e-16,
          -1.619019544798128e-15)
_J1_ZC = (
    (-5.727805735140382e-07, -3.0368633802997826e-06, 4.6208701297458374e-05,
     0.00017466429072012055, -0.002233125339147478, -0.00517971924563857, 0.05341044413272481,
     0.05255614585697724, -0.402759395702553),
    (5.665270011548331e-07, 2.4015807963093223e-06, -4.499147530293068e-05, -0.00012550790955145584,
     0.0021055871432482764, 0.003130291726048091, -0.04697047894974149, -0.02138921280934158,
     0.30011575252613254),
    (-5.471602987582109e-07, -1.8009794578804267e-06, 4.241116281083461e-05, 8.661729454170434e-05,
     -0.0019115826893826534, -0.001926818797260787, 0.04041116939079276, 0.012272357555101523,
     -0.2497048770578432),
    (5.1906566526836e-07, 1.3569942254160056e-06, -3.938703742075764e-05, -6.200735161421355e-05,
     0.0017308725061749555, 0.0013195736128103677, -0.035778209575030605, -0.008194403183877519,
     0.21835940724787295),
    (-4.891790860969825e-07, -1.049961528434457e-06, 3.657257353884341e-05, 4.6667442231393634e-05,
     -0.0015842303417565701, -0.00097203375623041, 0.03238212268489082, 0.005964112206448003,
     -0.1964653714686572),
)
_Y0_ZH = (0.8935769662791675, 3.957678419314858, 7.086051060301773, 10.222345043496418,
          13.361097473872764)
_Y0_ZL = (2.6596231539720385e-17, -1.0764340697562706e-16, -8.835285723085408e-17,
          -7.967395050308809e-16, -6.626109493712529e-16)
_Y0_ZC = (
    (0.21082123408542908, -0.20396193708295582, 0.19866677921832507, -0.19506492780964346,
     0.1933761857036059, -0.19395009058736717, 0.1973356693290941, -0.20487719790614795,
     0.2189484270103813, -0.22612171354416336, 0.22055282848167643, -0.49207893426297755,
     0.8794208024971948),
    (0.0, 0.0, 0.0, 0.0, -2.9348814581597406e-07, -4.893369328096108e-06, 5.0922913806511076e-05,
     0.00019526940245097552, -0.0021835188740493565, -0.006852566677111002, 0.058523822105170244,
     0.05085590959215824, -0.40254267177502423),
    (0.0, 0.0, 0.0, 0.0, 5.749349569687992e-07, 2.701363792739061e-06, -4.5951406706884365e-05,
     -0.0001406025977408225, 0.002175984016443104, 0.0033183482688956315, -0.048024070076259875,
     -0.02117523655676953, 0.3000976149104752),
    (0.0, 0.0, 0.0, 0.0, -5.56775341004398e-07, -1.9373031531272446e-06, 4.327196344805162e-05,
     9.143803534152327e-05, -0.0019460256043482647, -0.0019771436063412747, 0.04082034983245585,
     0.012213500740397518, -0.2497012375146848),
    (0.0, 0.0, 0.0, 0.0, 5.267826017793344e-07, 1.4197744369737643e-06, -3.994021941213871e-05,
     -6.398474494667748e-05, 0.0017496714652423626, 0.0013390167408483225, -0.03598532740247756,
     -0.008171420686985655, 0.21835829659767134),
)
_Y1_ZH = (2.197141326031017, 5.429681040794135, 8.596005868331169, 11.749154830839881,
          14.897442128336726)
_Y1_ZL = (-4.8259835876454966e-17, 4.162514026670377e-16, 2.8415838340063664e-16, 2.9466381668409186e-17,
          -6.072148995506809e-16)
_Y1_ZC = (
    (-0.000107760438150386, 0.0002358699837551761, -0.0005096013043558059, 0.0010668530000547797,
     -0.0025952416882642016, 0.0074225533327074685, -0.004797811670105437, -0.03285739740528641,
     -0.1185145457490966, 0.5207864124022675),
    (0.0, -5.46442065713147e-07, -2.863862537213281e-06, 4.645867906118146e-05,
     0.0001466208928934434, -0.002165998751088117, -0.0041601159343906905, 0.050947939743420094,
     0.031338677444086686, -0.3403180455234406),
    (0.0, 5.586531049687762e-07, 2.0819264532705204e-06, -4.3807396766548885e-05,
     -0.00010420148506107329, 0.002011492014389741, 0.0024179567328294627, -0.04340642670740072,
     -0.015789884364296906, 0.27145987731153354),
    (0.0, -5.33693372220446e-07, -1.5593759395269567e-06, 4.089999971529889e-05,
     7.280591054028678e-05, -0.0018169820021378415, -0.0015771195022099675, 0.037901635052955254,
     0.009892701618284034, -0.23246176601703875),
    (0.0, 5.040447257064363e-07, 1.1891513125182279e-06, -3.793535276683752e-05,
     -5.348483480661249e-05, 0.0016535223994746915, 0.001124147625999205, -0.03395918339841299,
     -0.006932301148655418, 0.2065471103565926),
)

# Taylor coefficients in z = x^2, highest first (DLMF 10.53.1; exact rationals rounded by mpmath):
# sin(x)/x = sum (-1)^k z^k/(2k+1)!  on |x| < 1/2 (first omitted term < 1e-19)
_SJ0_T = (-7.647163731819816e-13, 1.6059043836821613e-10, -2.505210838544172e-08,
          2.7557319223985893e-06, -0.0001984126984126984, 0.008333333333333333,
          -0.16666666666666666, 1.0)
# j1(x)/x = sum (-1)^k (2k+2) z^k/(2k+3)!  on |x| < 2 (first omitted term < 1e-19 relative)
_SJ1_T = (2.387759364586842e-27, -1.5472680682522736e-24, 8.509974375387505e-22,
          -3.9145882126782523e-19, 1.4797143443923793e-16, -4.498331606952833e-14,
          1.0706029224547743e-11, -1.9270852604185937e-09, 2.505210838544172e-07,
          -2.2045855379188714e-05, 0.0011904761904761906, -0.03333333333333333,
          0.3333333333333333)

# sin r = r + r^3 S(r^2), cos r = 1 - r^2/2 + r^4 C(r^2) on |r| <= pi/4: near-minimax polynomials
# (Chebyshev interpolation in r^2 at 6 nodes, mpmath; max error of S 3e-17, of C 2.4e-18 absolute,
# below 0.1 ulp of sin and cos; the same degrees as Cephes sin.c).
_SIN_T = (1.5918115263265974e-10, -2.505113165023518e-08, 2.7557316101617874e-06, -0.00019841269836756774,
          0.008333333333330948, -0.16666666666666666)
_COS_T = (-1.1382623647474604e-11, 2.087614614655861e-09, -2.7557317271145144e-07, 2.480158729876456e-05,
          -0.0013888888888887398, 0.041666666666666664)


# Horner for tables of a fixed length with the tuple unpacked: in Numba these run ~15% faster than
# _tools.polevl's loop over the tuple (measured on Cephes' Hankel rationals), which matters on the
# typical path of every function here.

@helper
def _pe6(x, c):
    """polevl for 6 coefficients (highest first)."""
    c0, c1, c2, c3, c4, c5 = c
    return ((((c0 * x + c1) * x + c2) * x + c3) * x + c4) * x + c5


@helper
def _pe7(x, c):
    """polevl for 7 coefficients (highest first)."""
    c0, c1, c2, c3, c4, c5, c6 = c
    return (((((c0 * x + c1) * x + c2) * x + c3) * x + c4) * x + c5) * x + c6


@helper
def _pe8(x, c):
    """polevl for 8 coefficients (highest first)."""
    c0, c1, c2, c3, c4, c5, c6, c7 = c
    return ((((((c0 * x + c1) * x + c2) * x + c3) * x + c4) * x + c5) * x + c6) * x + c7


@helper
def _pe9(x, c):
    """polevl for 9 coefficients (highest first)."""
    c0, c1, c2, c3, c4, c5, c6, c7, c8 = c
    return (((((((c0 * x + c1) * x + c2) * x + c3) * x + c4) * x + c5) * x + c6) * x + c7) * x + c8


@helper
def _pe10(x, c):
    """polevl for 10 coefficients (highest first)."""
    c0, c1, c2, c3, c4, c5, c6, c7, c8, c9 = c
    return ((((((((c0 * x + c1) * x + c2) * x + c3) * x + c4) * x + c5) * x + c6) * x + c7) * x + c8) * x + c9


@helper
def _pe11(x, c):
    """polevl for 11 coefficients (highest first)."""
    c0, c1, c2, c3, c4, c5, c6, c7, c8, c9, c10 = c
    a = ((((((c0 * x + c1) * x + c2) * x + c3) * x + c4) * x + c5) * x + c6) * x + c7
    return ((a * x + c8) * x + c9) * x + c10


@helper
def _pe12(x, c):
    """polevl for 12 coefficients (highest first)."""
    c0, c1, c2, c3, c4, c5, c6, c7, c8, c9, c10, c11 = c
    a = ((((((c0 * x + c1) * x + c2) * x + c3) * x + c4) * x + c5) * x + c6) * x + c7
    return (((a * x + c8) * x + c9) * x + c10) * x + c11


@helper
def _estrin6(x, x2, c):
    """polevl for 6 coefficients in Estrin form (x2 = x*x given): three short independent chains."""
    c0, c1, c2, c3, c4, c5 = c
    return ((c0 * x + c1) * x2 + (c2 * x + c3)) * x2 + (c4 * x + c5)


@helper
def _p1e7(x, c):
    """p1evl for 7 coefficients (implicit leading 1)."""
    c0, c1, c2, c3, c4, c5, c6 = c
    return ((((((x + c0) * x + c1) * x + c2) * x + c3) * x + c4) * x + c5) * x + c6


@helper
def _p1e8(x, c):
    """p1evl for 8 coefficients (implicit leading 1)."""
    c0, c1, c2, c3, c4, c5, c6, c7 = c
    return (((((((x + c0) * x + c1) * x + c2) * x + c3) * x + c4) * x + c5) * x + c6) * x + c7


@helper
def _est9(u, c, o):
    """Polynomial of degree 8 with coefficients c[o:o+9] (highest first): c[o+8] + u P(u), P by Estrin.

    The constant term is added last: the value takes one rounding plus the damped error of u P.
    """
    u2 = u * u
    p = ((c[o] * u + c[o + 1]) * u2 + (c[o + 2] * u + c[o + 3])) * (u2 * u2) + (
        (c[o + 4] * u + c[o + 5]) * u2 + (c[o + 6] * u + c[o + 7]))
    return c[o + 8] + u * p


@helper
def _hankel_phase(x, xlo, k, p, q):
    """p cos(t) - q sin(t) with t = (x + xlo) - k pi/4, for x >= 0 and odd k.

    The phase is reduced without cancellation: below 4e8, m = k + 2n (the odd
    multiple of pi/4 nearest to x) is subtracted with a three-part pi/4 whose
    first two parts make m*part exact (Cody-Waite); above, libm's sin/cos of x
    (full Payne-Hanek reduction) are rotated by k pi/4 exactly.
    """
    if x < _CW_LIMIT:
        # n = nearest integer to (x - k pi/4)/(pi/2) by the 1.5*2^52 trick (|.| < 2^51; cheaper
        # than floor); r in [-pi/4, pi/4] (plus rounding)
        n = ((x * _FOUR_OVER_PI - k) * 0.5 + _ROUND_MAGIC) - _ROUND_MAGIC
        m = k + 2.0 * n
        r = ((x - m * _PIO4_1) - m * _PIO4_2) - m * _PIO4_3 + xlo
        # sin and cos of |r| <= pi/4 + tiny by polynomials (shared r^2, no libm call)
        r2 = r * r
        r4 = r2 * r2
        s = r + r * (r2 * _estrin6(r2, r4, _SIN_T))
        c = 1.0 - 0.5 * r2 + r4 * _estrin6(r2, r4, _COS_T)
        # rotate by n pi/2 without branches: odd quadrants swap (c, s) -> (-s, c), iq >= 2 negates;
        # the rotation is applied to (p, q), which are ready before the polynomials
        iq = int(n) & 3
        fo = float(iq & 1)
        fe = 1.0 - fo
        sg = 1.0 - float(iq & 2)
        pr = sg * (p * fe - q * fo)
        qr = sg * (p * fo + q * fe)
        return pr * c - qr * s
    # huge x: libm reduces x exactly; rotate by -k pi/4 (cos, sin of k pi/4 are +-1/sqrt 2)
    s = math.sin(x)
    c = math.cos(x)
    if xlo != 0.0:
        # the low word of a double-double argument, as an exact small rotation
        cl = math.cos(xlo)
        sl = math.sin(xlo)
        c0 = c
        c = c0 * cl - s * sl
        s = s * cl + c0 * sl
    kk = int(k) & 7
    ca = 1.0 if (kk == 1 or kk == 7) else -1.0  # sign of cos(k pi/4)
    sa = 1.0 if (kk == 1 or kk == 3) else -1.0  # sign of sin(k pi/4)
    ct = (c * ca + s * sa) * _SQRT1_2
    st = (s * ca - c * sa) * _SQRT1_2
    return p * ct - q * st


@helper
def _jy_asym(x, k, tw, tp):
    """M(x) cos(theta(x)) for 5 <= x < inf, theta = x - k pi/4 + phi(x) (modulus-phase tables tw, tp).

    k = 1 gives J0 (and k = 3 Y0) with the order-0 tables, k = 3 gives J1 (k = 5 Y1) with order 1.
    The piece is chosen by index, not by a branch (random inputs straddle the piece ends), and the
    reduction of x runs in parallel with the polynomials (phi is added to the reduced argument).
    """
    xi = 1.0 / x
    f = 40.0 * xi
    i = min(int(f), 7)
    u = 2.0 * (f - i) - 1.0
    o = 9 * i
    w = _est9(u, tw, o)
    phi = _est9(u, tp, o)
    if x < _CW_LIMIT:
        # nearest odd multiple m = k + 2n of pi/4 to x, subtracted with the three-part pi/4
        # (m * _PIO4_1, m * _PIO4_2 exact); r = theta - n pi/2 with |r| <= pi/4 + |phi| < 0.87
        n = ((x * _FOUR_OVER_PI - k) * 0.5 + _ROUND_MAGIC) - _ROUND_MAGIC
        m = k + 2.0 * n
        r = (((x - m * _PIO4_1) - m * _PIO4_2) - m * _PIO4_3) + phi
        # cos(r + n pi/2) is +-cos r (even n) or -+sin r (odd n): only that one is evaluated, its
        # coefficients picked by index (cos r = 1 + r^2 C, sin r = r + r r^2 S; one rounding last)
        iq = int(n) & 3
        od = iq & 1
        v = r * r
        v2 = v * v
        e = 8 * od
        c = _JY_SC
        q = ((c[e] * v + c[e + 1]) * v2 + (c[e + 2] * v + c[e + 3])) * (v2 * v2) + (
            (c[e + 4] * v + c[e + 5]) * v2 + (c[e + 6] * v + c[e + 7]))
        a = r if od == 1 else 1.0
        sg = float(1 - (iq & 2)) * (1.0 - 2.0 * od)  # signs of the quadrants: +cos, -sin, -cos, +sin
        return (sg * (a + a * (v * q))) * math.sqrt(xi * w)
    # huge x (finite; the callers return 0 at inf): libm reduces x exactly; cos(x - k pi/4 + phi) =
    # (c ca + s sa + phi (c sa - s ca))/sqrt 2 with ca, sa the signs of cos, sin(k pi/4) (phi < 1e-9: its
    # square is below 1e-18), the first sum carried with its exact error (2Sum); 1/sqrt 2 and the
    # amplitude go into one square root, the quotient taken with x 2^-600 (exact: never subnormal)
    sx = math.sin(x)
    cx = math.cos(x)
    kk = int(k) & 7
    t1 = cx if (kk == 1 or kk == 7) else -cx
    t2 = sx if (kk == 1 or kk == 3) else -sx
    vh = t1 + t2
    bb = vh - t1
    vl = ((t1 - (vh - bb)) + (t2 - bb)) + phi * (t1 - t2 if (kk == 1 or kk == 5) else t2 - t1)
    a = math.sqrt((0.5 * w) / (x * 2.409919865102884e-181)) * 4.909093465297727e-91
    return vh * a + vl * a


@helper
def _near_zero(x, i, zh, zl, zc):
    """t g(t) with t = x - zero_i (double-double), or nan when |t| >= _ZERO_W (the caller falls through).

    ``i`` must be in 0..4 (see _zero_index).
    """
    t = (x - zh[i]) - zl[i]
    if abs(t) < _ZERO_W:
        return t * polevl(t, zc[i])
    return math.nan


@helper
def _zero_index(x, z0):
    """Index 0..4 of the zero nearest x among five spaced about pi apart from z0 (clamped, no branch)."""
    return int(min(max((x - z0) * _INV_PI + 0.5, 0.0), 4.0))


@helper
def _poly_eo(t, ce, co):
    """E(t^2) + t O(t^2): a polynomial as two independent Horner chains (half the latency)."""
    t2 = t * t
    return polevl(t2, ce) + t * polevl(t2, co)


@helper
def _j0_small(x):
    """J0 on [0, 5] (x >= 0): the zeros 2.405 and 5.520 factored out exactly, times a polynomial."""
    if x < 1.0e-3:
        # 1 - z/4 + z^2/64 (the z^3 term is below 1e-21): one rounding near 1
        z = x * x
        return 1.0 - z * (0.25 - 0.015625 * z)
    f = ((x - _J0_Z1_HI) - _J0_Z1_LO) * ((x - _J0_Z2_HI) - _J0_Z2_LO)
    t = x - 2.5
    t2 = t * t
    return f * (_pe10(t2, _J0_SMALL_E) + t * _pe10(t2, _J0_SMALL_O))


@helper
def _j1_small(x):
    """J1 on [0, 5] (x >= 0): x and the zero 3.832 factored out exactly, times a polynomial."""
    if x < 1.0e-3:
        # x (1/2 - z/16 + z^2/384), the z^3 term below 1e-21
        z = x * x
        return x * (0.5 - z * (0.0625 - z * 0.0026041666666666665))
    t = x - 2.5
    t2 = t * t
    return (x * ((x - _J1_Z1_HI) - _J1_Z1_LO)) * (_pe10(t2, _J1_SMALL_E) + t * _pe10(t2, _J1_SMALL_O))


# --- float32 kernels (f32_kernel=): the float64 pieces without the Taylor windows about the first
# zeros and without the tiny-argument branches.  For a float32 argument the modulus-phase value has
# relative error ~3e-18/|x - zero| near a zero (the phase's absolute error), and the float32 numbers
# nearest the first zeros lie far enough from them that every one of them rounds correctly (checked
# against mpmath on every float32 number within 2000 ulps of the first five zeros, see the tests).

@helper
def _j0_f32(x):
    """bessel_j0 for the float32 loop: the zero-factored polynomial on [0, 5], the modulus-phase form
    beyond (x finite); libm's reduction (float64 kernel) for huge, inf and nan arguments."""
    ax = abs(x)
    if ax <= 5.0:
        # zeros 2.405, 5.520 factored out (double-doubles); J0(0) = 1 within rounding
        t = ax - 2.5
        t2 = t * t
        f = ((ax - _J0_Z1_HI) - _J0_Z1_LO) * ((ax - _J0_Z2_HI) - _J0_Z2_LO)
        return f * (_pe10(t2, _J0_SMALL_E) + t * _pe10(t2, _J0_SMALL_O))
    if ax < _CW_LIMIT:
        # modulus-phase form, Cody-Waite reduced phase
        return _jy_asym(ax, 1.0, _JY0_W, _JY0_PHI)
    return bessel_j0(x)


@helper
def _j1_f32(x):
    """bessel_j1 for the float32 loop (as _j0_f32; odd)."""
    ax = abs(x)
    if ax < 1.0e-3:
        # x (1/2 - z/16 + z^2/384), as the float64 kernel (where x/2 is a float32 tie, subnormal results,
        # the tie rounds to even like the 50-digit reference, which cannot see the x^3/16 below it)
        z = ax * ax
        return x * (0.5 - z * (0.0625 - z * 0.0026041666666666665))
    if ax <= 5.0:
        # x and the zero 3.832 factored out
        t = ax - 2.5
        t2 = t * t
        return (x * ((ax - _J1_Z1_HI) - _J1_Z1_LO)) * (_pe10(t2, _J1_SMALL_E) + t * _pe10(t2, _J1_SMALL_O))
    if ax < _CW_LIMIT:
        # modulus-phase form, sign of x by a multiply
        return math.copysign(1.0, x) * _jy_asym(ax, 3.0, _JY1_W, _JY1_PHI)
    return bessel_j1(x)


@defun(
    "bessel_j0",
    aliases=("j0",),
    sigs=("f->f", "d->d"),
    f32_kernel=_j0_f32,  # for the float32 loop
    inline=True,  # helpers and table reads inlined into the loop: 1.1-1.2x per element (measured)
    args=(Arg("x"),),
    grad={"x": lambda ns, x, out: -ns.bessel_j1(x)},
    doc=r"""
    Bessel function of the first kind of order zero, :math:`J_0(x)`.

    Even in :math:`x`; :math:`J_0(0) = 1` and :math:`J_0(\pm\infty) = 0`.  On
    :math:`[0, 5]` a polynomial with the first two zeros factored out as
    double-doubles; beyond, the modulus-phase form
    :math:`J_0 = M_0(x)\cos\theta_0(x)`, :math:`\theta_0 = x - \pi/4 + \varphi_0(x)`
    (DLMF 10.18; :math:`x M_0^2` and :math:`\varphi_0` fitted in :math:`1/x`),
    with the phase reduced in extended precision (accurate to :math:`x = 10^{8}`
    and beyond).  Near the first five zeros a Taylor polynomial about the zero
    keeps full relative accuracy.

    Examples
    --------
    >>> import specfun
    >>> float(specfun.bessel_j0(0.0))
    1.0
    """,
)
def bessel_j0(x):
    if x != x:
        return x
    ax = abs(x)
    if ax <= 5.0:
        return _j0_small(ax)
    if ax < 14.97:
        # near the zeros 5.52 .. 14.93: Taylor polynomial about the zero (full relative accuracy)
        v = _near_zero(ax, _zero_index(ax, _J0_ZH[0]), _J0_ZH, _J0_ZL, _J0_ZC)
        if v == v:
            return v
    if ax == math.inf:
        return 0.0
    # modulus-phase form: M0 cos(x - pi/4 + phi0)
    return _jy_asym(ax, 1.0, _JY0_W, _JY0_PHI)


@defun(
    "bessel_j1",
    aliases=("j1",),
    sigs=("f->f", "d->d"),
    f32_kernel=_j1_f32,  # for the float32 loop
    inline=True,  # helpers and table reads inlined into the loop: 1.1-1.2x per element (measured)
    args=(Arg("x"),),
    grad={"x": lambda ns, x, out: ns.where(x == 0.0, 0.5, ns.bessel_j0(x) - out / ns.where(x == 0.0, 1.0, x))},
    doc=r"""
    Bessel function of the first kind of order one, :math:`J_1(x)`.

    Odd in :math:`x`; :math:`J_1(0) = 0` and :math:`J_1(\pm\infty) = 0`.  Same
    construction as :func:`bessel_j0` (zeros factored out on :math:`[0, 5]`,
    modulus-phase form with an accurately reduced phase beyond).

    Examples
    --------
    >>> import specfun
    >>> float(specfun.bessel_j1(0.0))
    0.0
    """,
)
def bessel_j1(x):
    if x != x:
        return x
    ax = abs(x)
    if ax <= 5.0:
        if ax < 1.0e-3:
            # x (1/2 - z/16 + z^2/384), the z^3 term below 1e-21 (odd, keeps the sign of 0)
            z = ax * ax
            return x * (0.5 - z * (0.0625 - z * 0.0026041666666666665))
        else:
            v = _j1_small(ax)
    elif ax == math.inf:
        v = 0.0
    else:
        # near the zeros 7.02 .. 16.47: Taylor polynomial about the zero
        v = _near_zero(ax, _zero_index(ax, _J1_ZH[0]), _J1_ZH, _J1_ZL, _J1_ZC)
        if v != v:
            v = _jy_asym(ax, 3.0, _JY1_W, _JY1_PHI)
    # odd function (a multiply, not a branch on the sign)
    return math.copysign(1.0, x) * v


@defun(
    "bessel_y0",
    aliases=("y0",),
    sigs=("f->f", "d->d"),
    inline=True,  # helpers and table reads inlined into the loop: 1.1-1.2x per element (measured)
    args=(Arg("x", lo=0.0),),
    grad={"x": lambda ns, x, out: -ns.bessel_y1(x)},
    doc=r"""
    Bessel function of the second kind of order zero, :math:`Y_0(x)`.

    :math:`Y_0(0) = -\infty`, nan for :math:`x < 0`, :math:`Y_0(\infty) = 0`.
    On :math:`(0, 5]`, :math:`Y_0 = R(x^2) + \tfrac{2}{\pi}\log(x) J_0(x)`
    (Cephes' :math:`R`), with polynomials (zeros factored out) around the first
    two zeros and on :math:`[2.5, 5]`; beyond, :math:`M_0 \sin\theta_0` (see
    :func:`bessel_j0`) with an accurately reduced phase.  Relatively accurate near the first five zeros.

    Examples
    --------
    >>> import specfun
    >>> float(specfun.bessel_y0(0.0))
    -inf
    """,
)
def bessel_y0(x):
    if x != x:
        return x
    if x < 0.0:
        # outside the real domain
        return math.nan
    # near the zeros 0.89 .. 13.36: Taylor polynomial about the zero (full relative accuracy)
    v = _near_zero(x, _zero_index(x, _Y0_ZH[0]), _Y0_ZH, _Y0_ZL, _Y0_ZC)
    if v == v:
        return v
    if x <= 5.0:
        if x >= 2.5:
            # polynomial with the zero at 3.9577 factored out as a double-double
            t = x - 3.75
            t2 = t * t
            return ((x - _Y0_Z2_HI) - _Y0_Z2_LO) * (_pe11(t2, _Y0_MID_E) + t * _pe11(t2, _Y0_MID_O))
        if x >= 0.7 and x <= 1.1:
            # polynomial with the first zero factored out as a double-double
            t = x - 0.9
            t2 = t * t
            return ((x - _Y0_ZH[0]) - _Y0_ZL[0]) * (_pe9(t2, _Y0_LOW_E) + t * _pe9(t2, _Y0_LOW_O))
        if x == 0.0:
            # logarithmic pole
            return -math.inf
        z = x * x
        if x < 1.0e-8:
            # J0(x) = 1 to double precision
            return _pe8(z, _Y0_YP) / _p1e7(z, _Y0_YQ) + _TWO_OVER_PI * math.log(x)
        if x < 1.0e-3:
            # J0 = 1 - z/4 + z^2/64 here, with one rounding
            j0 = 1.0 - z * (0.25 - 0.015625 * z)
        else:
            j0 = _pe11(z - 3.125, _J0_LOWZ)
        return _pe8(z, _Y0_YP) / _p1e7(z, _Y0_YQ) + _TWO_OVER_PI * (math.log(x) * j0)
    if x == math.inf:
        return 0.0
    # M0 sin(theta0) = M0 cos(x - 3pi/4 + phi0)
    return _jy_asym(x, 3.0, _JY0_W, _JY0_PHI)


@defun(
    "bessel_y1",
    aliases=("y1",),
    sigs=("f->f", "d->d"),
    inline=True,  # helpers and table reads inlined into the loop: 1.1-1.2x per element (measured)
    args=(Arg("x", lo=0.0),),
    grad={"x": lambda ns, x, out: ns.bessel_y0(x) - out / x},
    doc=r"""
    Bessel function of the second kind of order one, :math:`Y_1(x)`.

    :math:`Y_1(0) = -\infty`, nan for :math:`x < 0`, :math:`Y_1(\infty) = 0`.
    On :math:`(0, 5]`, :math:`Y_1 = x R(x^2) + \tfrac{2}{\pi}(J_1(x)\log x - 1/x)`
    (Cephes' :math:`R`), with polynomials on :math:`[1.5, 5]` (the first zero
    factored out); beyond, the modulus-phase form with an accurately reduced phase.
    Relatively accurate near the first five zeros.

    Examples
    --------
    >>> import specfun
    >>> float(specfun.bessel_y1(0.0))
    -inf
    """,
)
def bessel_y1(x):
    if x != x:
        return x
    if x < 0.0:
        # outside the real domain
        return math.nan
    # near the zeros 2.20 .. 14.90: Taylor polynomial about the zero (full relative accuracy)
    v = _near_zero(x, _zero_index(x, _Y1_ZH[0]), _Y1_ZH, _Y1_ZL, _Y1_ZC)
    if v == v:
        return v
    if x <= 5.0:
        if x >= 2.5:
            # polynomial (no zero of Y1 in [2.5, 5] outside the windows)
            t = x - 3.75
            t2 = t * t
            return _pe12(t2, _Y1_MID_E) + t * _pe12(t2, _Y1_MID_O)
        if x >= 1.5:
            # polynomial with the first zero factored out as a double-double
            t = x - 2.0
            t2 = t * t
            return ((x - _Y1_ZH[0]) - _Y1_ZL[0]) * (_pe10(t2, _Y1_LOW_E) + t * _pe10(t2, _Y1_LOW_O))
        if x == 0.0:
            # simple pole -2/(pi x)
            return -math.inf
        z = x * x
        if x < 1.0e-8:
            # J1(x) = x/2 to double precision
            return x * (_pe6(z, _Y1_YP) / _p1e8(z, _Y1_YQ)) + _TWO_OVER_PI * (0.5 * x * math.log(x) - 1.0 / x)
        return x * (_pe6(z, _Y1_YP) / _p1e8(z, _Y1_YQ)) + _TWO_OVER_PI * (_j1_small(x) * math.log(x) - 1.0 / x)
    if x == math.inf:
        return 0.0
    # M1 sin(theta1) = M1 cos(x - 5pi/4 + phi1)
    return _jy_asym(x, 5.0, _JY1_W, _JY1_PHI)


@helper
def _sin_over_x(a):
    """sin(a)/a for 0.5 <= a < 4e8 (about correctly rounded), without libm.

    a = n pi/2 + r with a four-part pi/4: a - m _PIO4_1 - m _PIO4_2 is exact (Cody-Waite), the third
    (24-bit) part's subtraction is carried with its exact error (2Sum) and the fourth part goes into
    the low word, so r = rh + rl to ~2**-100 relative even at the doubles nearest k pi.  The needed one
    of sin r, cos r is a picked polynomial whose last addition is carried exactly (Fast2Sum), and the
    quotient by a is corrected with its exact remainder (Dekker): one final rounding, in effect.
    """
    n = (a * _TWO_OVER_PI + _ROUND_MAGIC) - _ROUND_MAGIC
    m = 2.0 * n
    t = (a - m * _PIO4_1) - m * _PIO4_2
    p3 = m * _PIO4_3A
    rh = t - p3
    bb = rh - t
    rl = ((t - (rh - bb)) + (-p3 - bb)) - m * _PIO4_4
    # sin(r + n pi/2) = sin r, cos r, -sin r, -cos r for n = 0, 1, 2, 3 mod 4
    iq = int(n) & 3
    od = iq & 1
    v = rh * rh
    v2 = v * v
    e = 8 - 8 * od
    c = _JY_SC
    g = v * (((c[e] * v + c[e + 1]) * v2 + (c[e + 2] * v + c[e + 3])) * (v2 * v2) + (
        (c[e + 4] * v + c[e + 5]) * v2 + (c[e + 6] * v + c[e + 7])))
    # sin: rh + rh g, plus rl cos(rh); cos: 1 + g (|g| < 0.31), minus rl sin(rh) (|rl| reaches ~1e-15
    # from the fourth part at m ~ 2**28, so cos and sin of rh are taken to two and one terms)
    d = rh * g
    hs = rh + d
    ls = ((rh - hs) + d) + rl * (1.0 - 0.5 * v)
    hc = 1.0 + g
    lc = ((1.0 - hc) + g) - rl * (rh - rh * v * 0.16666666666666666)
    sg = float(1 - (iq & 2))
    fh = sg * (hc if od == 1 else hs)
    fl = sg * (lc if od == 1 else ls)
    # one division: y = fh (1/a) within ~1 ulp, then the exact remainder fh - y a (Dekker) corrects it
    inv = 1.0 / a
    y = fh * inv
    q = y * a
    return y + (((fh - q) - two_prod_err(y, a, q)) + fl) * inv


@helper
def _sj0_f32(x):
    """spherical_bessel_j0 for the float32 loop: sin(a)/a with the sine computed here below 4e8.

    For a float32 argument a - m pi/4 with the three-part pi/4 is exact up to the last subtraction
    (a and m _PIO4_1 are multiples of 2**-24, m _PIO4_2 of 2**-49, all under 2**53 of their unit), so r
    keeps full relative accuracy even at the float32 numbers nearest k pi; then the one of sin r,
    cos r needed (coefficients picked by index) and one division: relative error ~2**-51.
    """
    a = abs(x)
    if a < 0.5:
        # Taylor series in x^2 (as the float64 kernel)
        return polevl(a * a, _SJ0_T)
    if a < _CW_LIMIT:
        # a = n pi/2 + r, |r| <= pi/4 (m = 2n < 2**29 keeps m _PIO4_1, m _PIO4_2 exact)
        n = (a * _TWO_OVER_PI + _ROUND_MAGIC) - _ROUND_MAGIC
        m = 2.0 * n
        r = ((a - m * _PIO4_1) - m * _PIO4_2) - m * _PIO4_3
        # sin(r + n pi/2): sin r, cos r, -sin r, -cos r for n = 0, 1, 2, 3 mod 4
        iq = int(n) & 3
        od = iq & 1
        v = r * r
        v2 = v * v
        e = 8 - 8 * od
        c = _JY_SC
        q = ((c[e] * v + c[e + 1]) * v2 + (c[e + 2] * v + c[e + 3])) * (v2 * v2) + (
            (c[e + 4] * v + c[e + 5]) * v2 + (c[e + 6] * v + c[e + 7]))
        b = 1.0 if od == 1 else r
        f = b + b * (v * q)
        return (f if iq < 2 else -f) / a
    if a == math.inf:
        return 0.0
    # huge a (rare), nan: libm's exact reduction
    return math.sin(a) / a


@defun(
    "spherical_bessel_j0",
    sigs=("f->f", "d->d"),
    f32_kernel=_sj0_f32,  # for the float32 loop
    inline=True,  # the reduction and polynomials inlined into the loop (1.06x measured)
    args=(Arg("x"),),
    grad={"x": lambda ns, x, out: -ns.spherical_bessel_j1(x)},
    doc=r"""
    Spherical Bessel function of the first kind of order zero, :math:`j_0(x) = \sin(x)/x`.

    Even; :math:`j_0(0) = 1`, :math:`j_0(\pm\infty) = 0`.  A Taylor polynomial
    near 0, :math:`\sin(x)/x` elsewhere: libm's sine below 3, from 3 to :math:`4\cdot 10^8`
    a four-part Cody-Waite reduction carried in double-double and a corrected quotient
    (about correctly rounded, also near the zeros :math:`k\pi`), libm's exact reduction beyond.

    Examples
    --------
    >>> import specfun
    >>> float(specfun.spherical_bessel_j0(0.0))
    1.0
    """,
)
def spherical_bessel_j0(x):
    if x != x:
        return x
    ax = abs(x)
    if ax < 0.5:
        # Taylor series in x^2: no division, exact 1 at 0
        return polevl(ax * ax, _SJ0_T)
    if ax < 3.0:
        # libm's sine needs no reduction here and is fast; sin is relatively accurate to its zero pi
        return math.sin(ax) / ax
    if ax < _CW_LIMIT:
        # own reduction and sine, relatively accurate near the zeros k pi too
        return _sin_over_x(ax)
    if ax == math.inf:
        return 0.0
    # huge: libm's exact reduction
    return math.sin(ax) / ax


@defun(
    "spherical_bessel_j1",
    sigs=("f->f", "d->d"),
    args=(Arg("x"),),
    grad={
        # j1' = j0 - 2 j1/x, whose limit at 0 is 1/3
        "x": lambda ns, x, out: ns.where(
            x == 0.0, 1.0 / 3.0, ns.spherical_bessel_j0(x) - 2.0 * out / ns.where(x == 0.0, 1.0, x)
        )
    },
    doc=r"""
    Spherical Bessel function of the first kind of order one,
    :math:`j_1(x) = \sin(x)/x^2 - \cos(x)/x`.

    Odd; :math:`j_1(0) = 0`, :math:`j_1(\pm\infty) = 0`.  A Taylor polynomial
    for :math:`|x| < 2` (the closed form cancels there), a polynomial with the
    first zero factored out on :math:`[2, 5]`, the closed form beyond.
    It is the derivative of :math:`-j_0`.

    Examples
    --------
    >>> import specfun
    >>> float(specfun.spherical_bessel_j1(0.0))
    0.0
    """,
)
def spherical_bessel_j1(x):
    if x != x:
        return x
    ax = abs(x)
    if ax < 2.0:
        # x * P(x^2): the closed form would cancel (sin x - x cos x ~ x^3/3); odd, keeps -0
        return x * polevl(ax * ax, _SJ1_T)
    elif ax < 5.0:
        # polynomial with the first zero factored out (full relative accuracy near it)
        v = ((ax - _SJ1_Z1_HI) - _SJ1_Z1_LO) * _poly_eo(ax - 3.5, _SJ1_MID_E, _SJ1_MID_O)
    elif ax == math.inf:
        v = 0.0
    else:
        # (sin(x)/x - cos x)/x: no overflow of x^2 for huge x
        v = (math.sin(ax) / ax - math.cos(ax)) / ax
    # odd function
    if x < 0.0:
        return -v
    return v
